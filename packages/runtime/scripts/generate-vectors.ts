// Writes test-vectors/runtime/ (seeded-rng.json, journal-frames.json) from this package's code; run with
// `pnpm --filter @cowboy/runtime vectors`. Regenerating must give no diff. The seededRng stream was
// checked against an independent Python xoshiro128** (hashlib + struct) when these files were made.
import { writeFileSync } from "node:fs";
import { toHex } from "@cowboy/codec";
import { decodeFrames, encodeFrame } from "../src/journal-frame.js";
import { seedBytes, seededRng } from "../src/rng.js";

const out = new URL("../../../test-vectors/runtime/", import.meta.url);
const enc = new TextEncoder();
const write = (file: string, value: unknown) => writeFileSync(new URL(file, out), `${JSON.stringify(value, null, 1)}\n`);

const seeds: { seed_hex?: string; seed_bigint?: string }[] = [
  { seed_hex: "" },
  { seed_hex: "2a" },
  { seed_hex: toHex(Uint8Array.from({ length: 32 }, (_, i) => i)) },
  { seed_bigint: "0" },
  { seed_bigint: "18446744073709551617" },
];
write("seeded-rng.json", {
  version: 1,
  cases: seeds.map((s) => {
    const seed = s.seed_hex !== undefined ? seedBytes(Uint8Array.from(Buffer.from(s.seed_hex, "hex"))) : BigInt(s.seed_bigint as string);
    const words = seededRng(seed);
    const below = seededRng(seed);
    const bytes = seededRng(seed);
    return {
      ...s,
      u32: Array.from({ length: 16 }, () => words.nextU32()),
      below: [
        { bound: 6, values: Array.from({ length: 8 }, () => below.below(6)) },
        { bound: 3_000_000_000, values: Array.from({ length: 8 }, () => below.below(3_000_000_000)) },
      ],
      bytes_hex: toHex(bytes.bytes(21)),
    };
  }),
});

const records = ["", "abc", "a record of journal bytes", "\u0000\u00ff"].map((s) => enc.encode(s));
const frames = records.map(encodeFrame);
const whole = Uint8Array.from(frames.flatMap((f) => [...f]));
const flipped = whole.slice();
flipped[8 + 8 + 3 + 8 + 4] = (flipped[8 + 8 + 3 + 8 + 4] as number) ^ 0x80; // inside the third record
const hugeLength = Uint8Array.from([...frames[1]!, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);
const recoveries = [
  { name: "whole file", file: whole },
  { name: "torn mid-record", file: whole.subarray(0, whole.length - 2) },
  { name: "torn mid-header", file: whole.subarray(0, 8 + 8 + 3 + 5) },
  { name: "flipped byte in the third record", file: flipped },
  { name: "length beyond the file", file: hugeLength },
];
write("journal-frames.json", {
  version: 1,
  frames: records.map((r, i) => ({ record_hex: toHex(r), frame_hex: toHex(frames[i]!) })),
  recoveries: recoveries.map(({ name, file }) => {
    const decoded = decodeFrames(file);
    return { name, file_hex: toHex(file), valid_bytes: decoded.validBytes, records_hex: decoded.records.map(toHex) };
  }),
});
