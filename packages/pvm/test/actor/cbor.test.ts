// The PVM's canonical encoder and decoder agree byte for byte with @cowboy/codec on the shared
// vectors: each Python literal encodes to the vector's bytes, and each encoding decodes to a value
// equal to the literal (same type) that re-encodes to the same bytes.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MemoryHost, ModuleRegistry, hostModuleDef, runScript } from "../../src/index.js";

const vectors = JSON.parse(readFileSync(fileURLToPath(new URL("../../../../test-vectors/cbor/cbor.json", import.meta.url)), "utf8")) as {
  valid: { python: string; hex: string }[];
  invalid: { hex: string; why: string }[];
};

function run(src: string): string {
  const modules = new ModuleRegistry().register("pvm_host", hostModuleDef(new MemoryHost()));
  let out = "";
  const r = runScript(src, { modules, stdout: (s) => (out += s), cyclesLimit: 50_000_000 });
  if (r.error !== undefined) throw new Error(r.error.traceback ?? r.error.message);
  return out;
}

describe("canonical encoding in the PVM", () => {
  it(`encodes every vector's Python literal to its bytes and decodes them back (${vectors.valid.length})`, () => {
    const lines = vectors.valid.map((v) => `v = ${v.python}\nb = h.encode(v)\nd = h.decode(bytes.fromhex('${v.hex}'))\nprint(b.hex(), h.encode(d).hex(), d == v and type(d) is type(v))`);
    const out = run("import pvm_host as h\n" + lines.join("\n") + "\n").trim().split("\n");
    expect(out).toEqual(vectors.valid.map((v) => `${v.hex} ${v.hex} True`));
  });

  it(`refuses every invalid vector with ValueError (${vectors.invalid.length})`, () => {
    const lines = vectors.invalid.map((v) => `try:\n    h.decode(bytes.fromhex('${v.hex}'))\n    print('accepted')\nexcept ValueError as e:\n    print('ValueError')`);
    const out = run("import pvm_host as h\n" + lines.join("\n") + "\n").trim().split("\n");
    expect(out).toEqual(vectors.invalid.map(() => "ValueError"));
  });

  it("refuses what has no canonical form with TypeError", () => {
    const out = run(
      "import pvm_host as h\nfor v in [float('nan'), object(), bytearray(b'x'), [1, print]]:\n    try:\n        h.encode(v)\n    except TypeError as e:\n        print(e)\n",
    );
    expect(out).toBe(
      "cannot canonically encode nan\ncannot canonically encode a value of type 'object'\ncannot canonically encode a value of type 'bytearray'\ncannot canonically encode a value of type 'builtin_function_or_method'\n",
    );
  });
});
