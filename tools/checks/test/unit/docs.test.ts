import { describe, expect, it } from "vitest";
import { checkDocs, declaredStatus } from "../../src/docs.js";
import { writeTree } from "../utils/tree.js";

const cip = (status: string) => `# CIP: something\n\nStatus: ${status}. Implemented by nobody.\n`;
const index = (rows: string) => `# CIPs\n\n| file | status | what it settles |\n|---|---|---|\n${rows}`;

describe("checkDocs", () => {
  it("passes on consistent docs", () => {
    const root = writeTree({
      "README.md": "See [the CIPs](cips/README.md), [codec](packages/codec) and [a section](#tests).\n",
      "cips/README.md": index("| [a.md](a.md) | draft | A |\n| [b.md](b.md) | final | B |\n"),
      "cips/a.md": cip("draft (issue 1)"),
      "cips/b.md": `${cip("final")}Read [a](a.md#one) and [the web](https://example.org).\n`,
      "packages/codec/README.md": "Spec: [cips/a.md](../../cips/a.md).\n",
      "packages/codec/src/x.ts": "// cips/b.md, section 2\n",
    });
    expect(checkDocs(root, { unscanned: [] })).toEqual([]);
  });

  it("reports a cited CIP that does not exist, with where it is cited", () => {
    const root = writeTree({
      "cips/README.md": index("| [a.md](a.md) | draft | A |\n"),
      "cips/a.md": cip("draft"),
      "packages/p/src/x.ts": "export const x = 1;\n// see cips/gone.md\n",
    });
    expect(checkDocs(root, { unscanned: [] })).toEqual(["packages/p/src/x.ts:2: cites cips/gone.md, which does not exist"]);
  });

  it("reports a CIP missing from the index, one without a status, and a status that differs from the file", () => {
    const root = writeTree({
      "cips/README.md": index("| [a.md](a.md) | final | A |\n| [b.md](b.md) |  | B |\n"),
      "cips/a.md": cip("draft"),
      "cips/b.md": cip("draft"),
      "cips/c.md": "# CIP: no status line\n",
    });
    expect(checkDocs(root, { unscanned: [] })).toEqual([
      'cips/README.md gives cips/a.md the status "final", but the file says "draft"',
      "cips/README.md lists cips/b.md without a status",
      'cips/c.md states no status: add a line "Status: <draft|final|implemented> …" under its title',
      "cips/README.md does not list cips/c.md",
    ]);
  });

  it("reports an index without a status column", () => {
    const root = writeTree({ "cips/README.md": "| file | what |\n|---|---|\n| [a.md](a.md) | A |\n", "cips/a.md": cip("draft") });
    expect(checkDocs(root, { unscanned: [] })).toEqual(['cips/README.md: its table has no "status" column']);
  });

  it("reports broken relative links, but not links inside code", () => {
    const root = writeTree({
      "README.md": "Line one.\n[gone](docs/gone.md) and `[code](not/a/link.md)`\n```\n[fenced](nor/this.md)\n```\n",
      "apps/cli/README.md": "[up](../../missing.md)\n",
    });
    expect(checkDocs(root, { unscanned: [] })).toEqual([
      "README.md:2: links to docs/gone.md, which does not exist",
      "apps/cli/README.md:1: links to ../../missing.md, which does not exist",
    ]);
  });

  it("reads a CIP's declared status", () => {
    expect(declaredStatus(cip("Draft (issue 5)"))).toBe("draft");
    expect(declaredStatus("# no status\n")).toBeUndefined();
  });
});

describe("paths named in prose", () => {
  it("fails on a repository file a document names that does not exist, and skips placeholders", () => {
    const root = writeTree({
      "cips/README.md": "| file | status | what |\n|---|---|---|\n",
      "README.md": "Tests: `packages/a/test/unit/b.test.ts` and packages/a/test/old.test.ts; see test-vectors/x/y.json.\n",
      "packages/a/test/unit/b.test.ts": "",
      "test-vectors/a/README.md": "Loaded by packages/a/test/spec/vectors.test.ts.\n",
    });
    expect(checkDocs(root)).toEqual([
      "README.md:1: names packages/a/test/old.test.ts, which does not exist",
      "test-vectors/a/README.md:1: names packages/a/test/spec/vectors.test.ts, which does not exist",
    ]);
  });
});
