// Writes test-vectors/p2p/frames.json: the direct-stream framing of cips/consensus.md ("Network" →
// "Framing"). Deterministic (message bytes are a fixed pattern); regenerating leaves the file unchanged.
// Run: pnpm exec tsx --conditions=@cowboy/source scripts/gen-vectors.ts (in packages/p2p).
import { writeFileSync } from "node:fs";
import { concatBytes, toHex } from "@cowboy/codec";
import { encodeFrame } from "../src/framing.js";

const pattern = (length: number, start: number) => Uint8Array.from({ length }, (_, i) => (start + i * 7) & 0xff);

const frames = [
  { channel: 0, message: new Uint8Array(0) },
  { channel: 1, message: Uint8Array.from([0xde, 0xad, 0xbe]) },
  { channel: 7, message: pattern(256, 3) },
  { channel: 255, message: pattern(300, 11) },
].map(({ channel, message }) => ({ channel, message: toHex(message), frame: toHex(encodeFrame(channel, message)) }));

const hexFrame = (channel: number, message: Uint8Array) => encodeFrame(channel, message);
const streams = [
  {
    name: "three frames back to back",
    max_message_size: 1024,
    stream: toHex(concatBytes(hexFrame(2, pattern(5, 1)), hexFrame(0, new Uint8Array(0)), hexFrame(2, pattern(1024, 9)))),
    frames: [
      { channel: 2, message: toHex(pattern(5, 1)) },
      { channel: 0, message: "" },
      { channel: 2, message: toHex(pattern(1024, 9)) },
    ],
  },
  {
    name: "a frame one byte over the bound after a good one: the good one is delivered, then the stream is refused",
    max_message_size: 16,
    stream: toHex(concatBytes(hexFrame(4, pattern(16, 2)), hexFrame(4, pattern(17, 3)))),
    frames: [{ channel: 4, message: toHex(pattern(16, 2)) }],
    violation: { kind: "oversize", channel: 4, length: 17 },
  },
  {
    name: "a length of 2^32 - 1 is refused from the header alone",
    max_message_size: 8 * 1024 * 1024,
    stream: "09ffffffff",
    frames: [],
    violation: { kind: "oversize", channel: 9, length: 4294967295 },
  },
  {
    name: "an incomplete frame delivers nothing yet",
    max_message_size: 64,
    stream: toHex(hexFrame(1, pattern(10, 0)).subarray(0, 12)),
    frames: [],
  },
];

const file = new URL("../../../test-vectors/p2p/frames.json", import.meta.url);
writeFileSync(file, `${JSON.stringify({ version: 1, header_bytes: 5, frames, streams }, null, 1)}\n`);
console.log(`wrote ${file.pathname}`);
