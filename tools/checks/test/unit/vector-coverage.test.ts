// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the fixtures are source text that builds vector paths at run time, on purpose
import { describe, expect, it } from "vitest";
import { checkVectorCoverage } from "../../src/vector-coverage.js";
import { writeTree } from "../utils/tree.js";

const none = { exemptions: [], unscanned: [] };
const helper = 'import { readVector } from "@cowboy/checks/vectors";\n';

describe("checkVectorCoverage", () => {
  it("passes when every vector file is loaded, through the helper, a literal URL or a directory URL", () => {
    const root = writeTree({
      "test-vectors/README.md": "# vectors\n",
      "test-vectors/a/one.json": "{}",
      "test-vectors/b/two.json": "{}",
      "test-vectors/c/x.json": "{}",
      "test-vectors/c/y.json": "{}",
      "packages/p/test/unit/a.test.ts": `${helper}const v = readVector<{ cases: Array<{ n: number }> }>(\n  "a/one.json",\n);\n`,
      "packages/p/test/spec/b.test.ts": 'const u = new URL("../../../../test-vectors/b/two.json", import.meta.url);\n',
      "packages/q/test/c.test.ts": 'const dir = new URL("../../../test-vectors/c/", import.meta.url);\n',
    });
    expect(checkVectorCoverage(root, none)).toEqual([]);
  });

  it("names each orphan vector file; a load in a comment does not count", () => {
    const root = writeTree({
      "test-vectors/a/one.json": "{}",
      "test-vectors/a/two.json": "{}",
      "test-vectors/b/README.md": "not a vector",
      "packages/p/test/a.test.ts": `${helper}readVector("a/one.json");\n// readVector("a/two.json");\n`,
    });
    expect(checkVectorCoverage(root, none)).toEqual(['test-vectors/a/two.json is loaded by no test: add a test that reads it with readVector("a/two.json"), or delete it']);
  });

  it("refuses loads it cannot resolve, and loads of missing files", () => {
    const root = writeTree({
      "test-vectors/a/one.json": "{}",
      "packages/p/test/a.test.ts": [
        helper,
        'readVector("a/one.json");',
        "const name = 'one.json';",
        "readVector(`a/${name}`);",
        "const u = new URL(`../../../test-vectors/a/${name}`, import.meta.url);",
        'const p = join(root, "test-vectors", "a");',
        'vectorPath("a/missing.json");',
        "it(`runs test-vectors/a/one.json (${1})`, () => {});",
      ].join("\n"),
    });
    expect(checkVectorCoverage(root, none)).toEqual([
      "packages/p/test/a.test.ts:5: readVector() needs a string literal path, so the vector check can see which file it loads",
      "packages/p/test/a.test.ts:8: loads test-vectors/a/missing.json, which does not exist",
      'packages/p/test/a.test.ts:6: builds a test-vectors path at run time; use readVector("dir/file.json") with a literal path',
      'packages/p/test/a.test.ts:7: joins a test-vectors path at run time; use readVector("dir/file.json") with a literal path',
    ]);
  });

  it("honours exemptions, and reports one that names no file", () => {
    const root = writeTree({ "test-vectors/a/generate.py": "print()\n" });
    const exemptions = [
      { path: "test-vectors/a/generate.py", reason: "a generator" },
      { path: "test-vectors/a/gone.py", reason: "a generator since deleted" },
    ];
    expect(checkVectorCoverage(root, { exemptions, unscanned: [] })).toEqual(["exemption test-vectors/a/gone.py names no file under test-vectors/: remove it"]);
  });
});
