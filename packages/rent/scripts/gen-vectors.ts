// Writes test-vectors/rent/*.json (cips/rent.md). Deterministic: regenerating gives no diff.
// Run: pnpm --filter @cowboy/rent vectors
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, toHex } from "@cowboy/codec";
import { instructionCodec, instructionToJson, type Instruction } from "@cowboy/types";
import {
  DEFAULT_RENT_CONFIG,
  encodeRentRecord,
  encodeStoragePairs,
  rentMetaKey,
  rentRecordKey,
  segmentHashes,
  storageRoot,
  storageStream,
  streamSegments,
  type RentRecord,
  type StoragePair,
} from "../src/index.js";
import { patternPairs, type PatternPair } from "../test/utils/pattern.js";
import { replay, type Scenario } from "../test/utils/scenario.js";

const out = (name: string, value: unknown): void => {
  const path = fileURLToPath(new URL(`../../../test-vectors/rent/${name}`, import.meta.url));
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
};
const te = new TextEncoder();
const pair = (slot: string, value: Uint8Array): StoragePair => [te.encode(slot), value];

const storageCases: { name: string; pairs: StoragePair[] }[] = [
  { name: "empty storage", pairs: [] },
  { name: "one entry", pairs: [pair("count", new Uint8Array([0x05]))] },
  {
    name: "three entries given out of order, an empty value and an empty slot",
    pairs: [pair("b", new Uint8Array([1, 2, 3])), pair("", new Uint8Array([9])), pair("a", new Uint8Array(0))],
  },
  {
    name: "binary slots that differ in the last byte",
    pairs: [
      [new Uint8Array([0, 0, 2]), new Uint8Array(40).fill(7)],
      [new Uint8Array([0, 0, 1]), new Uint8Array(40).fill(8)],
    ],
  },
];
out("storage-root.json", {
  description:
    "Storage roots kept at eviction and the rent_restore payload (cips/rent.md 'Storage root', 'Restoration'): pairs as given (hex), the payload vec(tuple(bytes slot, bytes value)) with slots ascending, and the keccak256 hash chain over them.",
  cases: storageCases.map((c) => ({
    name: c.name,
    pairs: c.pairs.map(([s, v]) => [toHex(s), toHex(v)]),
    payload: toHex(encodeStoragePairs(c.pairs)),
    root: toHex(storageRoot(c.pairs)),
  })),
});

const actor = new Uint8Array(20).fill(0xaa);
const record: RentRecord = {
  status: 3,
  assessedEpoch: 12n,
  prepaid: 0n,
  debt: [
    { epoch: 3n, rate: 1_000_000n, amount: 500n },
    { epoch: 4n, rate: 1_000_000n, amount: 9_000n },
  ],
  slotCount: 0n,
  quota: 1_048_576n,
  bond: 0n,
  evicted: { root: new Uint8Array(32).fill(0x11), bytes: 11_240n, slots: 11n, height: 130n },
};
out("records.json", {
  description: "Rent record encoding and state keys (cips/rent.md 'State layout').",
  record: { actor: toHex(actor), encoded: toHex(encodeRentRecord(record)), key: toHex(rentRecordKey(actor)) },
  meta_key: toHex(rentMetaKey()),
});

const instructions: Instruction[] = [
  { type: "rent_sponsor", actor, amount: 2_500_000n },
  { type: "rent_restore", actor, storage: encodeStoragePairs(storageCases[2]!.pairs) },
  { type: "rent_restore_chunk", actor, index: 2n, data: new Uint8Array([0, 0, 0, 1, 0x61, 0, 0, 0, 2, 7, 8]) },
];
out("instructions.json", {
  description: "rent_sponsor (System 0/80), rent_restore (0/81) and rent_restore_chunk (0/51): JSON form and canonical bytes (cips/rent.md 'Instructions').",
  valid: instructions.map((i) => ({ json: instructionToJson(i), encoded: toHex(encode(instructionCodec, i)) })),
});

const config = { ...DEFAULT_RENT_CONFIG, epochLength: 10n, blocksPerYear: 3_650n, ratePerByteYear: 365n };
const lifecycle: Scenario[] = [
  {
    config: Object.fromEntries(Object.entries(config).map(([k, v]) => [k, v.toString()])),
    values: [1_022, 1_022, 1_022, 1_022, 1_022, 1_022, 1_022, 1_022, 1_022, 1_022, 998],
    balance: "2500",
    epochs: 14,
  },
];
out("lifecycle.json", {
  description:
    "A rent lifecycle replayed one assessment per rent epoch (cips/rent.md 'Assessment'): an actor of 11,241 bytes (1,001 chargeable, 1,001 base units per epoch) with 2,500 base units is charged, overdue, warned and evicted; after each epoch its status, balance, the Treasury, its debt entries, the notices and its record's bytes.",
  scenarios: lifecycle.map((s) => ({ scenario: s, result: replay(s) })),
});

const segmentCases: { name: string; pairs: PatternPair[] }[] = [
  {
    name: "one value spanning two segment boundaries",
    pairs: [
      { slot: "0a", length: 140_000, step: 7 },
      { slot: "0b", length: 10, step: 1 },
    ],
  },
  {
    name: "many small records, one ending exactly at the first boundary",
    // 8 records of 8 + 1 + 8,183 bytes = 65,536 bytes fill segment 0 exactly; two more start segment 1.
    pairs: [...Array.from({ length: 10 }, (_, i) => ({ slot: i.toString(16).padStart(2, "0"), length: 8_183, step: i + 1 }))],
  },
];
out("segments.json", {
  description:
    "Chunked restoration (cips/rent.md 'Chunked restoration'): the storage stream u32be(|slot|) ‖ slot ‖ u32be(|value|) ‖ value by ascending slot, cut into 64 KiB segments; eviction keeps keccak256 of each. Values are generated: byte i of a value is (i · step) mod 256.",
  cases: segmentCases.map((c) => {
    const pairs = patternPairs(c.pairs);
    const stream = storageStream(pairs);
    return {
      name: c.name,
      pairs: c.pairs,
      stream_length: stream.length,
      segment_lengths: streamSegments(stream).map((x) => x.length),
      segment_hashes: segmentHashes(pairs).map(toHex),
      root: toHex(storageRoot(pairs)),
    };
  }),
});
