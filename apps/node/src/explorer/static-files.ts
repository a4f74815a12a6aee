// The explorer's static files at GET /explorer on the RPC port (issue 26, apps/explorer/README.md): the node serves
// whatever `pnpm --filter @cowboy/explorer build` left in apps/explorer/dist, and runs without it when it was not built.
import { readFileSync, statSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteResponse } from "../rpc/server.js";

/** Where the explorer is served. */
export const EXPLORER_PATH = "/explorer";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/**
 * The explorer's pages talk to this node only (same origin, HTTP and WebSocket); nothing is loaded from elsewhere and
 * no inline script runs.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/**
 * The built explorer next to this app in the repository (apps/explorer/dist), from the sources (apps/node/src/explorer)
 * or from the bundle (apps/node/dist); undefined when none was built.
 */
export function defaultExplorerDir(): string | undefined {
  const candidates = ["../../../explorer/dist", "../../explorer/dist"].map((relative) => fileURLToPath(new URL(relative, import.meta.url)));
  return candidates.find(isExplorerBuild);
}

/** Whether `dir` holds an explorer build (its index.html). */
export function isExplorerBuild(dir: string): boolean {
  return isFile(join(dir, "index.html"));
}

/**
 * A handler for GET /explorer and every path under it, serving the files of `dir` (an explorer build). Paths without
 * an extension get index.html, so the history-API URLs a page shares load the app; nothing outside `dir` is served.
 * Without a build in `dir`, every path answers explorerNotBuilt().
 */
export function explorerFiles(dir: string): (path: string) => RouteResponse {
  const root = resolve(dir);
  return (path) => {
    if (!isExplorerBuild(root)) return explorerNotBuilt();
    const relative = decodeURIComponentSafe(path.slice(EXPLORER_PATH.length).replace(/^\/+/, ""));
    if (relative === undefined) return notFound(path);
    // Read on every request: a rebuild (new asset names) is served without restarting the node.
    if (relative === "" || extname(relative) === "")
      return { contentType: CONTENT_TYPES[".html"]!, body: readFileSync(join(root, "index.html")), headers: { ...SECURITY_HEADERS, "cache-control": "no-cache" } };
    const file = resolve(root, relative);
    if (!file.startsWith(root + sep) || !isFile(file)) return notFound(path);
    // Vite names assets by content hash, so they never change under their name.
    const immutable = relative.startsWith("assets/") ? { "cache-control": "public, max-age=31536000, immutable" } : { "cache-control": "no-cache" };
    return { contentType: CONTENT_TYPES[extname(file)] ?? "application/octet-stream", body: readFileSync(file), headers: { ...SECURITY_HEADERS, ...immutable } };
  };
}

/** What /explorer answers on a node whose explorer was not built. */
export function explorerNotBuilt(): RouteResponse {
  return {
    status: 404,
    contentType: "text/plain; charset=utf-8",
    body: "The explorer was not built. From the repository root: pnpm --filter @cowboy/explorer build, then restart the node.\n",
  };
}

function notFound(path: string): RouteResponse {
  return { status: 404, contentType: "text/plain; charset=utf-8", body: `no file ${path}\n` };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function decodeURIComponentSafe(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
