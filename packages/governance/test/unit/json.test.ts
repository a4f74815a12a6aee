import { describe, expect, it } from "vitest";
import { canonicalJson, configFromJson, configToJson, decodeJson, encodeJson, GovernanceError } from "../../src/index.js";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("canonical JSON (cips/governance.md 'Canonical encoding')", () => {
  it("sorts keys, drops whitespace, keeps integers", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "x"] })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(decodeJson(encodeJson({ z: { y: 2, x: 1 } }))).toEqual({ z: { x: 1, y: 2 } });
  });
  it("refuses every non-canonical form", () => {
    for (const text of ['{"b":1,"a":2}', '{ "a":1}', "1.5", "1e3", '"\\u0061"', "[1,]", "\xff"]) {
      expect(() => decodeJson(bytes(text))).toThrow(GovernanceError);
    }
    expect(() => encodeJson(0.5)).toThrow(/safe integers/);
  });
  it("refuses nesting deeper than MAX_JSON_DEPTH before parsing (a hostile proposal cannot exhaust the stack)", () => {
    const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(decodeJson(bytes(deep(32)))).toBeInstanceOf(Array);
    expect(() => decodeJson(bytes(deep(33)))).toThrow(/nested deeper than 32/);
    expect(() => decodeJson(bytes(deep(60_000)))).toThrow(GovernanceError);
    expect(decodeJson(bytes(`["${"[".repeat(40)}"]`))).toEqual(["[".repeat(40)]);
  });
  it("round-trips configuration objects by their template", () => {
    const template = { a: 1n, b: 2, c: null as bigint | null, d: [3n], e: { f: true } };
    const json = configToJson({ a: 10n, b: 20, c: 7n, d: [1n, 2n], e: { f: false } });
    expect(json).toEqual({ a: "10", b: 20, c: "7", d: ["1", "2"], e: { f: false } });
    expect(configFromJson(json, template)).toEqual({ a: 10n, b: 20, c: 7n, d: [1n, 2n], e: { f: false } });
    expect(configFromJson({ ...(json as object), c: null }, template)).toMatchObject({ c: null });
  });
  it("names the field a value is refused for", () => {
    const template = { a: 1n, b: 2 };
    expect(() => configFromJson({ a: "1" }, template)).toThrow("value: missing field 'b'");
    expect(() => configFromJson({ a: "1", b: 2, c: 3 }, template)).toThrow("value: unknown field 'c'");
    expect(() => configFromJson({ a: 1, b: 2 }, template)).toThrow("value.a: expected a decimal string");
    expect(() => configFromJson({ a: "01", b: 2 }, template)).toThrow("value.a: expected a decimal string");
    expect(() => configFromJson({ a: "18446744073709551616", b: 2 }, template)).toThrow("exceeds u64");
    expect(() => configFromJson({ a: "1", b: "2" }, template)).toThrow("value.b: expected an integer");
  });
});
