// The PVM's canonical encoder/decoder against the shared vectors (test-vectors/cbor/canonical.json),
// which @cowboy/codec's tests load too: same bytes on both sides.
import { describe, expect, it } from "vitest";
import { CANONICAL_DECODE_REASONS } from "../../../src/canonical/index.js";
import { run, vectors } from "./harness.js";

describe("canonical vectors", () => {
  it(`encodes each valid vector's Python value to its bytes and decodes them back (${vectors.valid.length})`, () => {
    const lines = vectors.valid.map(
      (v) => `v = ${v.python}\nd = canon.decode(bytes.fromhex('${v.hex}'))\nprint(canon.encode(v).hex(), canon.encode(d).hex(), d == v and type(d) is type(v))`,
    );
    const out = run("import canon\n" + lines.join("\n") + "\n")
      .trim()
      .split("\n");
    expect(out).toEqual(vectors.valid.map((v) => `${v.hex} ${v.hex} True`));
  });

  it(`refuses each invalid vector with ValueError naming the offset and the rule (${vectors.invalid.length})`, () => {
    const lines = vectors.invalid.map((v) => `try:\n    canon.decode(bytes.fromhex('${v.hex}'))\n    print('accepted')\nexcept ValueError as e:\n    print(e)`);
    const out = run("import canon\n" + lines.join("\n") + "\n")
      .trim()
      .split("\n");
    expect(out.length).toBe(vectors.invalid.length);
    vectors.invalid.forEach((v, i) => {
      const line = out[i]!;
      const text = CANONICAL_DECODE_REASONS[v.reason as keyof typeof CANONICAL_DECODE_REASONS];
      expect(text, `reason ${v.reason} is known`).toBeDefined();
      expect(line, v.why).toMatch(new RegExp(`^invalid canonical encoding at byte ${v.offset}: ${text}( \\(|$)`));
    });
  });
});
