// Writes test-vectors/transactions/*.json and test-vectors/addresses/*.json.
// Deterministic: a seeded splitmix64 picks every value, keys are keccak256 of fixed labels, and
// RFC 6979 signatures are deterministic, so regenerating must produce no diff.
//   pnpm gen-vectors   (tsx --conditions=@cowboy/source scripts/gen-vectors.ts)
import { writeFileSync, mkdirSync } from "node:fs";
import { CodecError, Writer, compareBytes, encode, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import {
  MAX_ADDITIONAL_SIGNERS,
  MAX_TX_SIZE,
  TRANSACTION_FIELDS,
  actorAddress,
  canonicalizeSource,
  checkTransaction,
  codeHash,
  createTransaction,
  createTransactionFromBytes,
  transactionToJson,
  type Instruction,
  type Transaction,
  type TransactionInput,
} from "../src/index.js";

const root = new URL("../../../test-vectors/", import.meta.url);
const hex = (b: Uint8Array): string => toHex(b);
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

function rng(seed: bigint): () => bigint {
  let state = seed;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffff_ffff_ffff_ffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffff_ffff_ffff_ffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffff_ffff_ffff_ffffn;
    return z ^ (z >> 31n);
  };
}
const next = rng(0xc0b0_1234n);
const pick = <T>(xs: readonly T[]): T => xs[Number(next() % BigInt(xs.length))]!;
const bytesN = (n: number): Uint8Array => Uint8Array.from({ length: n }, () => Number(next() & 0xffn));
const key = (label: string): Uint8Array => keccak256(utf8(`cowboy-test-vectors/key/${label}`));

const EDGE_U64 = [0n, 1n, 127n, 128n, 16383n, 16384n, 50000n, (1n << 32n) - 1n, 1n << 53n, 1n << 63n, (1n << 64n) - 1n];
const u64 = (): bigint => (next() % 3n === 0n ? pick(EDGE_U64) : next() >> (next() % 64n));

function randomInstruction(type: Instruction["type"]): Instruction {
  const name = () => pick(["transfer", "on_tick", "h", "é_handler", "x".repeat(128), "日本語"]);
  const data = () => bytesN(pick([0, 1, 32, 127, 128, 300]));
  const optU64 = () => (next() % 2n === 0n ? null : u64());
  const optAddr = () => (next() % 2n === 0n ? null : bytesN(20));
  switch (type) {
    case "transfer":
      return { type, to: bytesN(20), amount: u64() };
    case "schedule_timer":
      return { type, target: bytesN(20), handler: name(), data: data(), fireAt: u64(), cyclesPerFire: u64(), cellsPerFire: u64(), expiresAt: optU64(), feePayer: optAddr() };
    case "schedule_interval":
      return { type, target: bytesN(20), handler: name(), data: data(), everyBlocks: u64(), cyclesPerFire: u64(), cellsPerFire: u64(), expiresAt: optU64(), feePayer: optAddr() };
    case "cancel_timer":
      return { type, timerId: bytesN(32) };
    case "deploy_actor":
      return { type, code: canonicalizeSource(pick(["def f():\n    return 1\n", "", "class A:\n    pass\n"])), salt: bytesN(32), args: data() };
    case "call_actor":
      return { type, target: bytesN(20), method: name(), args: data(), value: u64() };
    // Staking instructions (not in TYPES, so the pinned transaction vectors stay as they are).
    case "register_validator":
      return { type, blsPublicKey: bytesN(48), proofOfPossession: bytesN(96), amount: u64() };
    case "add_stake":
      return { type, amount: u64() };
    case "exit_validator":
    case "withdraw_stake":
    case "unjail_validator":
    case "claim_vested":
      return { type };
    case "set_network_key":
      return { type, networkKey: bytesN(32), signature: bytesN(64) };
    // Runner market (not in TYPES either; test-vectors/runner-market/ pins their bytes).
    case "runner_register":
      return { type, stake: u64(), maxJobValue: u64(), capabilities: data(), endpoint: data(), transportKey: bytesN(32) };
    case "runner_update":
      return { type, maxJobValue: u64(), capabilities: data(), endpoint: data(), transportKey: bytesN(32) };
    case "runner_add_stake":
      return { type, amount: u64() };
    case "runner_unbond":
    case "runner_withdraw":
      return { type };
    case "job_ack":
      return { type, jobId: bytesN(32) };
    case "job_commit":
      return { type, jobId: bytesN(32), commitment: bytesN(32) };
    case "job_reveal":
      return { type, jobId: bytesN(32), output: data(), salt: bytesN(32) };
    case "job_aggregate":
      return { type, jobId: bytesN(32), result: data() };
    case "job_challenge":
      return { type, jobId: bytesN(32), runner: bytesN(20), evidence: data() };
    case "job_submit":
      return { type, request: data(), maxPrice: u64() };
  }
}

const TYPES: Array<Instruction["type"]> = ["transfer", "schedule_timer", "schedule_interval", "cancel_timer", "deploy_actor", "call_actor"];

interface ValidCase {
  name: string;
  json: unknown;
  hex: string;
  signing_hash: string;
  signer_keys: string[];
}
const valid: ValidCase[] = [];

function addValid(name: string, tx: Transaction, keys: Uint8Array[]): void {
  valid.push({ name, json: transactionToJson(tx), hex: hex(tx.encode()), signing_hash: hex(tx.signingHash()), signer_keys: keys.map(hex) });
}

function base(i: number): TransactionInput {
  const deferred = i % 11 === 5;
  return {
    chainId: u64(),
    nonce: u64(),
    instruction: randomInstruction(TYPES[i % TYPES.length]!),
    cyclesLimit: u64(),
    cellsLimit: u64(),
    maxFeePerCycle: u64(),
    maxFeePerCell: u64(),
    maxPriorityFeePerCycle: u64(),
    maxPriorityFeePerCell: u64(),
    from: bytesN(20),
    metadata: bytesN(pick([0, 0, 1, 64, 128, 1000])),
    originTxHash: deferred ? bytesN(32) : null,
    originRemainingCycles: deferred ? u64() : null,
    originRemainingCells: deferred ? u64() : null,
  };
}

// Unsigned (and system-style, arbitrary-signature) transactions across every field and edge value.
for (let i = 0; i < 240; i++) {
  const tx = createTransaction({ ...base(i), ...(i % 7 === 3 ? { signature: bytesN(65) } : {}) });
  addValid(`generated-${i}-${tx.instruction.type}`, tx, []);
}
// Signed: primary signer plus 0-3 additional signers in ascending address order.
for (let i = 0; i < 60; i++) {
  const primary = key(`primary-${i}`);
  const extras = Array.from({ length: i % 4 }, (_, k) => key(`extra-${i}-${k}`));
  const signers = extras.map((k) => ({ address: addressFromPrivateKey(k), key: k })).sort((a, b) => compareBytes(a.address, b.address));
  let tx = createTransaction({
    ...base(i + 1000),
    originTxHash: null,
    originRemainingCycles: null,
    originRemainingCells: null,
    from: addressFromPrivateKey(primary),
    additionalSigners: signers.map((s) => ({ address: s.address, signature: new Uint8Array(65) })),
  });
  for (const k of [primary, ...signers.map((s) => s.key)]) tx = tx.sign(k);
  if (!tx.verify()) throw new Error("generator produced a transaction that does not verify");
  addValid(`signed-${i}-${tx.instruction.type}-${extras.length}-extra`, tx, [primary, ...signers.map((s) => s.key)]);
}

// Invalid encodings: a valid transfer with one field's bytes replaced.
const KEY11 = new Uint8Array(32).fill(0x11);
const appendixInput: TransactionInput = {
  chainId: 42n,
  instruction: { type: "transfer", to: new Uint8Array(20).fill(0x22), amount: 1n },
  cyclesLimit: 50000n,
  cellsLimit: 50000n,
  maxFeePerCycle: 1n,
  maxFeePerCell: 1n,
  from: addressFromPrivateKey(KEY11),
};
const appendixTx = createTransaction(appendixInput);
const fieldHex = TRANSACTION_FIELDS.map(([name, , codec]) => hex(encode(codec, appendixTx[name])));
const withField = (json: string, replacement: string): string => {
  const i = TRANSACTION_FIELDS.findIndex(([, j]) => j === json);
  if (i < 0) throw new Error(json);
  return fieldHex.map((h, k) => (k === i ? replacement : h)).join("");
};
const varintHex = (n: number): string => hex(new Writer(8).varint32(n).finish());
const instr = (cat: number, sub: number, body: string): string => hex(Uint8Array.of(cat, sub)) + body;
const timerBody = (handler: string) => "33".repeat(20) + handler + "00" + "05" + "01" + "01" + "00" + "00";
const fullHex = fieldHex.join("");
const invalid = [
  ["empty", "", "END_OF_BUFFER", "no bytes at all"],
  ["truncated", fullHex.slice(0, -2), "END_OF_BUFFER", "last byte missing"],
  ["trailing-byte", fullHex + "00", "TRAILING_BYTES", "one byte after additional_signers"],
  ["chain-id-non-minimal", withField("chain_id", "aa00"), "NON_CANONICAL_VARINT", "42 encoded in two bytes"],
  ["nonce-overflow", withField("nonce", "ff".repeat(9) + "02"), "VARINT_OVERFLOW", "nonce beyond 2^64-1"],
  ["cycles-limit-non-minimal", withField("cycles_limit", "d0868300"), "NON_CANONICAL_VARINT", "trailing zero group"],
  ["category-4", withField("instruction", instr(4, 1, "")), "UNKNOWN_DISCRIMINANT", "no category 4"],
  ["system-subtype-2", withField("instruction", instr(0, 2, "")), "UNKNOWN_DISCRIMINANT", "System has no sub_type 2"],
  ["custom-reserved", withField("instruction", instr(2, 0, "")), "UNKNOWN_DISCRIMINANT", "Custom(2) is reserved in v1"],
  ["library-reserved", withField("instruction", instr(3, 1, "")), "UNKNOWN_DISCRIMINANT", "Library(3) is reserved in v1"],
  ["timer-empty-handler", withField("instruction", instr(0, 48, timerBody("00"))), "LENGTH_OUT_OF_RANGE", "handler names must have 1..128 bytes"],
  ["timer-long-handler", withField("instruction", instr(0, 48, timerBody("8101" + "61".repeat(129)))), "LENGTH_OUT_OF_RANGE", "129-byte handler"],
  ["timer-bad-utf8-handler", withField("instruction", instr(0, 48, timerBody("02c328"))), "INVALID_UTF8", "handler is not UTF-8"],
  ["timer-fee-payer-tag-2", withField("instruction", instr(0, 48, "33".repeat(20) + "0161" + "00" + "05" + "01" + "01" + "00" + "02")), "INVALID_OPTION_TAG", "fee_payer tag 2"],
  ["access-list-present", withField("access_list", "01"), "RESERVED_FIELD", "access_list is reserved in v1"],
  ["access-list-tag-2", withField("access_list", "02"), "INVALID_OPTION_TAG", "option tag 2"],
  ["metadata-too-long", withField("metadata", varintHex(MAX_TX_SIZE + 1)), "LENGTH_OUT_OF_RANGE", "metadata longer than max_tx_size, refused before reading it"],
  ["metadata-short", withField("metadata", "05aabb"), "END_OF_BUFFER", "metadata shorter than its prefix (rest of tx consumed)"],
  ["origin-hash-tag-2", withField("origin_tx_hash", "02"), "INVALID_OPTION_TAG", "option tag 2"],
  ["origin-cycles-non-minimal", withField("origin_remaining_cycles", "018000"), "NON_CANONICAL_VARINT", "0 in two bytes"],
  ["too-many-signers", withField("additional_signers", varintHex(MAX_ADDITIONAL_SIGNERS + 1)), "LENGTH_OUT_OF_RANGE", `more than ${MAX_ADDITIONAL_SIGNERS} additional signers`],
  ["signers-count-non-minimal", withField("additional_signers", "8000"), "NON_CANONICAL_VARINT", "0 in two bytes"],
  ["signers-count-hostile", withField("additional_signers", "ffffffff0f"), "LENGTH_OUT_OF_RANGE", "4 billion signers, refused before allocating"],
  ["signature-short", fullHex.slice(0, -4), "END_OF_BUFFER", "signature cut short"],
].map(([name, h, code, reason]) => ({ name, hex: h, code, reason }));
// Each case must fail exactly as recorded: refuse to write a vector we have not checked.
for (const c of invalid) {
  try {
    createTransactionFromBytes(fromHex(c.hex));
  } catch (err) {
    if (err instanceof CodecError && err.code === c.code) continue;
    throw new Error(`invalid case ${c.name}: expected ${c.code}, got ${String(err)}`);
  }
  throw new Error(`invalid case ${c.name} decoded`);
}

// Well-formed encodings that the stateless checks of §2.2 refuse.
const checkCases: Array<{ name: string; hex: string; chain_id: string; allow_deferred: boolean; codes: string[] }> = [];
function addCheck(name: string, input: Partial<TransactionInput>, chainId = 42n, allowDeferred = false): void {
  const tx = createTransaction({ ...appendixInput, ...input });
  const codes = checkTransaction(tx, { chainId, allowDeferred }).map((e) => e.code);
  checkCases.push({ name, hex: hex(tx.encode()), chain_id: chainId.toString(), allow_deferred: allowDeferred, codes });
}
const a = new Uint8Array(20).fill(0xaa);
const b = new Uint8Array(20).fill(0xbb);
const sig0 = new Uint8Array(65);
addCheck("valid-appendix-a", {});
addCheck("chain-id-mismatch", {}, 7n);
addCheck("chain-id-zero-decodes-but-mismatches", { chainId: 0n });
addCheck("signers-descending", {
  additionalSigners: [
    { address: b, signature: sig0 },
    { address: a, signature: sig0 },
  ],
});
addCheck("signers-duplicate", {
  additionalSigners: [
    { address: a, signature: sig0 },
    { address: a, signature: sig0 },
  ],
});
addCheck("signers-ascending-ok", {
  additionalSigners: [
    { address: a, signature: sig0 },
    { address: b, signature: sig0 },
  ],
});
addCheck("cycles-limit-over-max", { cyclesLimit: 80_000_001n });
addCheck("cycles-limit-at-max", { cyclesLimit: 80_000_000n });
addCheck("cells-limit-over-max", { cellsLimit: (1n << 64n) - 1n });
// Metadata this long takes a 3-byte length prefix instead of 1: these sit either side of 128 KiB.
const fill = MAX_TX_SIZE - (appendixTx.size - 1 + 3);
addCheck("exactly-max-tx-size", { metadata: new Uint8Array(fill) });
addCheck("one-byte-over-max-tx-size", { metadata: new Uint8Array(fill + 1) });
addCheck("origin-incomplete", { originTxHash: new Uint8Array(32) });
addCheck("deferred-refused-by-default", { originTxHash: new Uint8Array(32), originRemainingCycles: 5n, originRemainingCells: 6n });
addCheck("deferred-allowed", { originTxHash: new Uint8Array(32), originRemainingCycles: 5n, originRemainingCells: 6n }, 42n, true);
addCheck("several-failures", {
  chainId: 1n,
  cyclesLimit: 1n << 40n,
  additionalSigners: [
    { address: a, signature: sig0 },
    { address: a, signature: sig0 },
  ],
});

const appendix = {
  private_key: hex(KEY11),
  json: transactionToJson(appendixTx),
  unsigned_hex: hex(appendixTx.encode()),
  signing_hash: hex(appendixTx.signingHash()),
  signed_hex: hex(appendixTx.sign(KEY11).encode()),
  signed_json: transactionToJson(appendixTx.sign(KEY11)),
};

// Actor addresses (spec §1.2).
const sources: Array<[string, string]> = [
  ["empty", ""],
  ["simple", "def hello():\n    return 'hi'\n"],
  ["crlf", "def hello():\r\n    return 'hi'\r\n"],
  ["lone-cr", "def hello():\r    return 'hi'\r"],
  ["mixed-newlines", "a = 1\r\nb = 2\rc = 3\n"],
  ["bom", "\ufeffdef hello():\n    return 'hi'\n"],
  ["bom-twice", "\ufeff\ufeffx = 1\n"],
  ["bom-not-leading", "x = '\ufeff'\n"],
  ["nfd-to-nfc", "name = 'Cafe\u0301'\n"],
  ["already-nfc", "name = 'Caf\u00e9'\n"],
  ["hangul-jamo", "s = '\u1112\u1161\u11ab'\n"],
  ["cr-then-combining", "x\r\u0301\n"],
  ["emoji", "print('\u{1f920}')\n"],
  ["no-trailing-newline", "x = 1"],
];
const addresses = sources.map(([name, source], i) => {
  const canonical = canonicalizeSource(source);
  const creator = i % 2 === 0 ? new Uint8Array(20).fill(0x11 * ((i % 15) + 1)) : addressFromPrivateKey(key(`creator-${i}`));
  const salt = i % 3 === 0 ? new Uint8Array(32) : keccak256(utf8(`salt-${i}`));
  const ch = codeHash(canonical);
  return {
    name,
    source,
    source_utf8_hex: hex(utf8(source)),
    canonical_hex: hex(canonical),
    creator: hex(creator),
    salt: hex(salt),
    code_hash: hex(ch),
    address: hex(actorAddress(creator, salt, ch)),
  };
});

const write = (path: string, value: unknown): void => {
  mkdirSync(new URL(".", new URL(path, root)), { recursive: true });
  writeFileSync(new URL(path, root), `${JSON.stringify(value, null, 1)}\n`);
};
write("transactions/appendix-a.json", appendix);
write("transactions/valid.json", { version: 1, cases: valid });
write("transactions/invalid.json", { version: 1, cases: invalid });
write("transactions/check.json", { version: 1, cases: checkCases });
write("addresses/actor-addresses.json", { version: 1, cases: addresses });
console.log(`${valid.length} valid, ${invalid.length} invalid, ${checkCases.length} check, ${addresses.length} address cases`);
