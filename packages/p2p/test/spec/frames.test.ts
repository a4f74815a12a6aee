// The direct-stream framing against test-vectors/p2p/frames.json (cips/consensus.md, "Network" →
// "Framing"): exact encodings, and decoding under every chunking (whole, byte by byte, odd splits).
import { readVector } from "@cowboy/checks/vectors";
import { fromHex, toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { encodeFrame, type Frame, FrameDecoder, FRAME_HEADER_BYTES } from "../../src/index.js";

interface Vectors {
  version: number;
  header_bytes: number;
  frames: { channel: number; message: string; frame: string }[];
  streams: { name: string; max_message_size: number; stream: string; frames: { channel: number; message: string }[]; violation?: { kind: string; channel: number; length: number } }[];
}

const vectors = readVector<Vectors>("p2p/frames.json");

function decodeInChunks(max: number, stream: Uint8Array, chunk: number): { frames: Frame[]; violation?: unknown } {
  const decoder = new FrameDecoder(max);
  const frames: Frame[] = [];
  for (let at = 0; at < stream.length; at += chunk) {
    const result = decoder.push(stream.subarray(at, at + chunk));
    frames.push(...result.frames);
    if (result.violation !== undefined) return { frames, violation: result.violation };
  }
  return { frames };
}

describe("p2p/frames.json", () => {
  it("is version 1 with a 5-byte header", () => {
    expect(vectors.version).toBe(1);
    expect(vectors.header_bytes).toBe(FRAME_HEADER_BYTES);
  });

  for (const v of vectors.frames) {
    it(`encodes channel ${v.channel}, ${v.message.length / 2} bytes`, () => {
      expect(toHex(encodeFrame(v.channel, fromHex(v.message)))).toBe(v.frame);
      const decoded = new FrameDecoder(1 << 20).push(fromHex(v.frame));
      expect(decoded).toEqual({ frames: [{ channel: v.channel, message: fromHex(v.message) }] });
    });
  }

  for (const s of vectors.streams) {
    it(s.name, () => {
      const stream = fromHex(s.stream);
      for (const chunk of [stream.length || 1, 1, 3, 4096]) {
        const { frames, violation } = decodeInChunks(s.max_message_size, stream, chunk);
        expect(frames.map((f) => ({ channel: f.channel, message: toHex(f.message) }))).toEqual(s.frames);
        expect(violation).toEqual(s.violation);
      }
    });
  }
});
