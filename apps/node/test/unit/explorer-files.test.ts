// The explorer's static files (src/explorer/static-files.ts): served from a build directory with content types and
// the page's security headers, index.html for app paths, nothing outside the directory, and a clear 404 unbuilt.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { explorerFiles, isExplorerBuild } from "../../src/explorer/static-files.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-explorer-files-"));
const build = join(dir, "dist");
mkdirSync(join(build, "assets"), { recursive: true });
writeFileSync(join(build, "index.html"), "<!doctype html><title>x</title>");
writeFileSync(join(build, "assets", "index-abc.js"), "console.log(1)");
writeFileSync(join(dir, "secret.txt"), "outside the build");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (body: string | Uint8Array): string => (typeof body === "string" ? body : new TextDecoder().decode(body));

describe("explorerFiles", () => {
  const serve = explorerFiles(build);

  it("serves index.html for /explorer, /explorer/ and app paths, with a content-security-policy", () => {
    for (const path of ["/explorer", "/explorer/", "/explorer/block/12"]) {
      const answer = serve(path);
      expect(answer.status ?? 200).toBe(200);
      expect(answer.contentType).toBe("text/html; charset=utf-8");
      expect(text(answer.body)).toBe("<!doctype html><title>x</title>");
      expect(answer.headers?.["content-security-policy"]).toContain("default-src 'self'");
    }
  });

  it("serves assets with their content type, cached for good (their names carry a content hash)", () => {
    const answer = serve("/explorer/assets/index-abc.js");
    expect(answer.contentType).toBe("text/javascript; charset=utf-8");
    expect(text(answer.body)).toBe("console.log(1)");
    expect(answer.headers?.["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(serve("/explorer/assets/missing.js").status).toBe(404);
  });

  it("serves nothing outside the build directory", () => {
    for (const path of ["/explorer/../secret.txt", "/explorer/..%2fsecret.txt", "/explorer/assets/..%2f..%2fsecret.txt", "/explorer/%E0%A4%A.txt"]) {
      const answer = serve(path);
      expect(answer.status).toBe(404);
      expect(text(answer.body)).not.toContain("outside the build");
    }
  });

  it("answers 404 with how to build it when the directory holds no build", () => {
    expect(isExplorerBuild(build)).toBe(true);
    expect(isExplorerBuild(dir)).toBe(false);
    const answer = explorerFiles(join(dir, "nowhere"))("/explorer/");
    expect(answer.status).toBe(404);
    expect(text(answer.body)).toContain("pnpm --filter @cowboy/explorer build");
  });
});
