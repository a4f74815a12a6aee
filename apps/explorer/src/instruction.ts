// An instruction shown field by field, from @cowboy/types' own table (INSTRUCTIONS: each field's JSON name and kind),
// so instructions added later are shown without changes here: addresses link to their accounts, amounts are CBY,
// argument bytes are decoded from canonical CBOR, actor code is highlighted.
import { cborJsonOf, fromHex } from "@cowboy/codec";
import { INSTRUCTIONS, instructionToJson, type Instruction } from "@cowboy/types";
import { fields, h, type Child } from "./dom.js";
import { addressLink, cby, count, mono } from "./format.js";
import { codeBlock } from "./code.js";

export function instructionView(instruction: Instruction): HTMLElement {
  const json = instructionToJson(instruction) as Record<string, string | null>;
  const spec = INSTRUCTIONS[instruction.type as keyof typeof INSTRUCTIONS];
  const rows: [string, Child][] = [["type", h("span", { "data-testid": "instruction-type" }, instruction.type)]];
  for (const [, name, kind] of spec?.fields ?? []) {
    const value = json[name] ?? null;
    rows.push([name, fieldValue(name, kind, value)]);
  }
  return fields(rows, "instruction");
}

function fieldValue(name: string, kind: string, value: string | null): Child {
  if (value === null) return h("span", { class: "muted" }, "none");
  switch (kind) {
    case "address":
    case "option_address":
      return addressLink(fromHex(value));
    case "amount":
      return cby(BigInt(value));
    case "uint":
    case "option_uint":
      return count(BigInt(value));
    case "bytes":
      return bytesValue(name, value);
    default:
      return mono(value);
  }
}

function bytesValue(name: string, value: string): Child {
  const bytes = fromHex(value);
  if (name === "code") return h("details", {}, h("summary", {}, `${count(bytes.length)} bytes of Python`), codeBlock(new TextDecoder().decode(bytes)));
  if (bytes.length === 0) return h("span", { class: "muted" }, "empty");
  const decoded = cborJsonOf(bytes);
  return decoded === null
    ? mono(value)
    : h("span", {}, h("code", { "data-testid": `decoded-${name}` }, decoded), h("span", { class: "muted" }, ` (${bytes.length} bytes canonical CBOR)`));
}
