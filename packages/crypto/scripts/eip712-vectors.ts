// Writes test-vectors/interop/eip712.json with viem (a devDependency, the independent implementation): digests from
// viem's hashTypedData, signatures from viem's signTypedData, verdicts from viem's verifyTypedData. Our code is not
// used here. Run: pnpm --filter @cowboy/crypto exec tsx scripts/eip712-vectors.ts
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { hashTypedData, type TypedDataDefinition } from "viem";
import { privateKeyToAccount, signTypedData } from "viem/accounts";

const KEYS: readonly [`0x${string}`, `0x${string}`, `0x${string}`] = [
  `0x${"11".repeat(32)}`,
  `0x${"42".repeat(32)}`,
  "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318",
];
const SECP_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const mail = {
  domain: { name: "Ether Mail", version: "1", chainId: 1n, verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC" },
  types: {
    Person: [
      { name: "name", type: "string" },
      { name: "wallet", type: "address" },
    ],
    Mail: [
      { name: "from", type: "Person" },
      { name: "to", type: "Person" },
      { name: "contents", type: "string" },
    ],
  },
  primaryType: "Mail",
  message: {
    from: { name: "Cow", wallet: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" },
    to: { name: "Bob", wallet: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB" },
    contents: "Hello, Bob!",
  },
} as const;

const permit = {
  domain: { name: "USD Coin", version: "2", chainId: 8453n, verifyingContract: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" },
  types: {
    Permit: [
      { name: "owner", type: "address" },
      { name: "spender", type: "address" },
      { name: "value", type: "uint256" },
      { name: "nonce", type: "uint256" },
      { name: "deadline", type: "uint256" },
    ],
  },
  primaryType: "Permit",
  message: {
    owner: privateKeyToAccount(KEYS[1]).address,
    spender: "0x1111111254EEB25477B68fb85Ed929f73A960582",
    value: 115792089237316195423570985008687907853269984665640564039457584007913129639935n,
    nonce: 7n,
    deadline: 1893456000n,
  },
} as const;

const everything = {
  domain: { name: "Cowboy Interop", chainId: 1337n, salt: `0x${"ab".repeat(32)}` },
  types: {
    Leg: [
      { name: "amount", type: "int128" },
      { name: "flags", type: "uint8[3]" },
      { name: "memo", type: "bytes" },
    ],
    Order: [
      { name: "maker", type: "address" },
      { name: "legs", type: "Leg[]" },
      { name: "tags", type: "string[]" },
      { name: "id", type: "bytes32" },
      { name: "short", type: "bytes4" },
      { name: "active", type: "bool" },
      { name: "note", type: "string" },
      { name: "matrix", type: "uint16[][]" },
    ],
  },
  primaryType: "Order",
  message: {
    maker: privateKeyToAccount(KEYS[0]).address,
    legs: [
      { amount: -170141183460469231731687303715884105728n, flags: [1, 2, 255], memo: "0x" },
      { amount: 42n, flags: [0, 0, 0], memo: "0xdeadbeefcafe" },
    ],
    tags: ["alpha", "ünïcødé ✓", ""],
    id: `0x${"0f".repeat(32)}`,
    short: "0x01020304",
    active: true,
    note: "",
    matrix: [[1, 2], [], [65535]],
  },
} as const;

const explicitDomain = {
  domain: { name: "Explicit", version: "3", chainId: 10n },
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
    ],
    Vote: [
      { name: "proposal", type: "uint64" },
      { name: "support", type: "bool" },
    ],
  },
  primaryType: "Vote",
  message: { proposal: 12n, support: false },
} as const;

const onlyDomain = {
  domain: { name: "Just a domain", verifyingContract: "0x0000000000000000000000000000000000000014" },
  types: {},
  primaryType: "EIP712Domain",
  message: {},
} as const;

type Def = TypedDataDefinition;
const CASES: { name: string; data: Def; key: 0 | 1 | 2 }[] = [
  { name: "eip712-mail", data: mail as unknown as Def, key: 2 },
  { name: "erc2612-permit", data: permit as unknown as Def, key: 1 },
  { name: "every-type", data: everything as unknown as Def, key: 0 },
  { name: "explicit-eip712domain", data: explicitDomain as unknown as Def, key: 1 },
  { name: "domain-only", data: onlyDomain as unknown as Def, key: 0 },
];

/** JSON with bigints as decimal strings (the folder's convention for integers). */
const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x)));

const flipV = (sig: string, to01: boolean): string => {
  const v = Number.parseInt(sig.slice(-2), 16);
  return sig.slice(0, -2) + (to01 ? v - 27 : v).toString(16).padStart(2, "0");
};
const highS = (sig: string): string => {
  const s = BigInt(`0x${sig.slice(66, 130)}`);
  const v = Number.parseInt(sig.slice(-2), 16);
  return sig.slice(0, 66) + (SECP_N - s).toString(16).padStart(64, "0") + (v === 27 ? "1c" : "1b");
};

async function main(): Promise<void> {
  const valid = [];
  const refused = [];
  for (const c of CASES) {
    const account = privateKeyToAccount(KEYS[c.key]);
    const signature = await signTypedData({ privateKey: KEYS[c.key], ...c.data });
    const digest = hashTypedData(c.data);
    valid.push({ name: c.name, typedData: json(c.data), digest, signer: account.address, signature, expected: true });
    valid.push({ name: `${c.name}/v01`, typedData: json(c.data), digest, signer: account.address, signature: flipV(signature, true), expected: true });
    const other = privateKeyToAccount(KEYS[((c.key + 1) % 3) as 0 | 1 | 2]);
    refused.push({ name: `${c.name}/forged`, why: "signed by another key", typedData: json(c.data), signer: other.address, signature, expected: false });
    refused.push({
      name: `${c.name}/high-s`,
      why: "the malleable twin (n - s, v flipped): Cowboy accepts low-S only",
      typedData: json(c.data),
      signer: account.address,
      signature: highS(signature),
      expected: false,
    });
    if (c.data.domain?.chainId !== undefined) {
      const wrongChain = { ...c.data, domain: { ...c.data.domain, chainId: BigInt(c.data.domain.chainId) + 1n } } as Def;
      refused.push({
        name: `${c.name}/wrong-chain`,
        why: "the same signature presented under another chainId",
        typedData: json(wrongChain),
        digest: hashTypedData(wrongChain),
        signer: account.address,
        signature,
        expected: false,
      });
    }
  }
  const file = {
    description:
      "EIP-712 digests and signatures generated by viem 2.57.20 (hashTypedData, signTypedData) from packages/crypto/scripts/eip712-vectors.ts. Integers are decimal strings; bytes and addresses 0x-hex. `expected` is the verdict of eth.verify_typed_data(domain, types, primaryType, message, signature, signer).",
    valid,
    refused,
  };
  const out = fileURLToPath(new URL("../../../test-vectors/interop/eip712.json", import.meta.url));
  writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`wrote ${out}: ${valid.length} valid, ${refused.length} refused`);
}

await main();
