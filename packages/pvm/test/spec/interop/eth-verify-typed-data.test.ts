import { readVector } from "@cowboy/checks/vectors";
import { encodeCbor, toHex, type CborValue } from "@cowboy/codec";
import { typedDataDigest, type TypedData } from "@cowboy/crypto";
import { HOST_OPS_V1, linearCost } from "@cowboy/metering";
import { describe, expect, it } from "vitest";
import { actorModules, MemoryHost, runScript } from "../../../src/index.js";

// `from cowboy_sdk import eth` end to end over viem's vectors (test-vectors/interop/eip712.json): the typed data
// reaches Python as canonical values (ints as int, bytes and addresses as 0x-hex str) and eth.verify_typed_data must
// give viem's verdict.
interface Json {
  domain: Record<string, unknown>;
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}
interface Case {
  name: string;
  typedData: Json;
  signer: string;
  signature: string;
  expected: boolean;
}
const file = readVector<{ valid: Case[]; refused: Case[] }>("interop/eip712.json");
const DOMAIN_TYPES: Record<string, string> = { name: "string", version: "string", chainId: "uint256", verifyingContract: "address", salt: "bytes32" };

/** Integers (decimal strings in the vectors) become bigints, as Python ints; everything else stays as it is. */
function typed(type: string, v: unknown, types: Json["types"]): CborValue {
  const array = /^(.+)\[[0-9]*\]$/.exec(type);
  if (array !== null) return (v as unknown[]).map((x) => typed(array[1]!, x, types));
  if (/^u?int[0-9]*$/.test(type)) return BigInt(v as string);
  const fields = types[type];
  if (fields !== undefined) return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, typed(fields.find((f) => f.name === k)!.type, x, types)]));
  return v as CborValue;
}
function asPython(j: Json): { domain: CborValue; types: CborValue; primaryType: string; message: CborValue } {
  return {
    domain: Object.fromEntries(Object.entries(j.domain).map(([k, x]) => [k, typed(DOMAIN_TYPES[k]!, x, j.types)])),
    types: j.types as unknown as CborValue,
    primaryType: j.primaryType,
    message: typed(j.primaryType, j.message, j.types),
  };
}

function run(src: string): { out: string; cycles: bigint; error?: string } {
  let out = "";
  const r = runScript(src, { modules: actorModules(new MemoryHost()), stdout: (s) => (out += s) });
  return { out, cycles: r.cycles, ...(r.error === undefined ? {} : { error: r.error.message }) };
}

const script = (d: ReturnType<typeof asPython>, signature: string, signer: string, call = true): string =>
  [
    "from cowboy_sdk import eth",
    "import pvm_host as h",
    `d = h.decode(bytes.fromhex("${toHex(encodeCbor(d as unknown as CborValue))}"))`,
    call ? `print(eth.verify_typed_data(d["domain"], d["types"], d["primaryType"], d["message"], "${signature}", "${signer}"))` : "print(True)",
    "",
  ].join("\n");

describe("eth.verify_typed_data over viem's vectors", () => {
  for (const c of [...file.valid, ...file.refused]) {
    it(`${c.name} → ${c.expected ? "True" : "False"}`, () => {
      const r = run(script(asPython(c.typedData), c.signature, c.signer));
      expect(r.error).toBeUndefined();
      expect(r.out).toBe(c.expected ? "True\n" : "False\n");
    });
  }

  it("charges 10,000 plus keccak256's 6 per word hashed, on top of serializing the arguments", () => {
    const c = file.valid[0]!;
    const d = asPython(c.typedData);
    const withCall = run(script(d, c.signature, c.signer)).cycles;
    const without = run(script(d, c.signature, c.signer, false)).cycles;
    const { hashedBytes } = typedDataDigest({ ...d, message: d.message } as unknown as TypedData);
    const hostCharge = linearCost(HOST_OPS_V1.ethVerifyTypedData, hashedBytes);
    const serialization = 4n * 20n + BigInt(encodeCbor(d.domain).length + encodeCbor(d.types).length + encodeCbor(d.message).length);
    // The rest is the Python around the call: the SDK module's import and body, attribute loads, str → bytes.
    expect(withCall - without).toBeGreaterThan(hostCharge + serialization);
    expect(withCall - without).toBeLessThan(hostCharge + serialization + 1500n);
  });

  it("raises ValueError for malformed typed data and signatures, TypeError for values with no typed form", () => {
    const c = file.valid[0]!;
    const d = asPython(c.typedData);
    const src = [
      "from cowboy_sdk import eth",
      "import pvm_host as h",
      `d = h.decode(bytes.fromhex("${toHex(encodeCbor(d as unknown as CborValue))}"))`,
      "def attempt(f):",
      "    try:",
      "        f()",
      "    except (ValueError, TypeError) as e:",
      "        print(type(e).__name__, e)",
      `attempt(lambda: eth.verify_typed_data(d["domain"], d["types"], "Nope", d["message"], "${c.signature}", "${c.signer}"))`,
      `attempt(lambda: eth.verify_typed_data(d["domain"], d["types"], "Mail", {"contents": "x"}, "${c.signature}", "${c.signer}"))`,
      `attempt(lambda: eth.verify_typed_data(d["domain"], d["types"], "Mail", d["message"], b"\\x00" * 64, "${c.signer}"))`,
      `attempt(lambda: eth.verify_typed_data(d["domain"], d["types"], "Mail", d["message"], b"\\x00" * 64 + b"\\x05", "${c.signer}"))`,
      `attempt(lambda: eth.verify_typed_data({"name": 1.5}, d["types"], "Mail", d["message"], "${c.signature}", "${c.signer}"))`,
      `print(eth.verify_typed_data(d["domain"], d["types"], "Mail", d["message"], b"\\x00" * 65, "${c.signer}"))`,
      "",
    ].join("\n");
    const r = run(src);
    expect(r.error).toBeUndefined();
    expect(r.out).toBe(
      [
        "ValueError eth_verify_typed_data() typed data: primaryType 'Nope' is not among the types",
        "ValueError eth_verify_typed_data() typed data: message.from is missing",
        "ValueError eth_verify_typed_data() signature: expected 65 bytes r‖s‖v",
        "ValueError eth_verify_typed_data() signature: v must be 27, 28, 0 or 1, got 5",
        "TypeError eth_verify_typed_data() domain.name: only int, str, bool, bytes, list, tuple and dict are typed data values",
        "False",
        "",
      ].join("\n"),
    );
  });
});
