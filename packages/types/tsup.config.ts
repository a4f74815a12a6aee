import { defineConfig } from "tsup";

export default defineConfig({
  // `@cowboy/types/actor`: the actor rules alone, for the PVM (no zod, no transaction codecs).
  entry: { index: "src/index.ts", "actor/index": "src/actor/index.ts" },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
});
