// Builds the explorer into dist/, which cowboyd serves at /explorer (README.md). Workspace packages are compiled from
// their TypeScript sources (the @cowboy/source condition), so nothing else needs building first.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const shim = (file: string): string => fileURLToPath(new URL(`./src/shims/${file}`, import.meta.url));

export default defineConfig({
  base: "/explorer/",
  resolve: {
    conditions: ["@cowboy/source", "browser", "import", "module", "default"],
    // @cowboy/crypto reaches for native addons and node:crypto on Node's fast paths, and falls back to @noble when
    // they are missing: in the browser they are missing (these shims), so the @noble code runs.
    alias: { "node:module": shim("node-module.ts"), "node:crypto": shim("node-crypto.ts") },
  },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: true, chunkSizeWarningLimit: 2048 },
});
