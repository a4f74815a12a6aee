// Encodes our AST the way cpython_ast_to_json.py encodes CPython's: exact values as tagged
// strings (ints as decimal, floats as IEEE-754 bits in hex, bytes as hex).

function f64hex(v: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  let s = "";
  for (let i = 0; i < 8; i++) s += view.getUint8(i).toString(16).padStart(2, "0");
  return s;
}

function bytesHex(b: Uint8Array): string {
  let s = "";
  for (const x of b) s += x.toString(16).padStart(2, "0");
  return s;
}

export function toOracleJson(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOracleJson);
  if (node === null || typeof node !== "object") return node;
  const obj = node as Record<string, unknown>;
  if (typeof obj.kind === "string" && !("type" in obj)) {
    switch (obj.kind) {
      case "int":
        return { kind: "int", value: (obj.value as bigint).toString() };
      case "float":
        return { kind: "float", value: f64hex(obj.value as number) };
      case "complex":
        return { kind: "complex", imag: f64hex(obj.imag as number) };
      case "bytes":
        return { kind: "bytes", value: bytesHex(obj.value as Uint8Array) };
      default:
        return { ...obj };
    }
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = toOracleJson(v);
  return out;
}
