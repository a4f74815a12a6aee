// The frame decoder's memory bound and its views (framing.ts); the byte layout itself is pinned by
// test/spec/frames.test.ts against test-vectors/p2p/frames.json.
import { describe, expect, it } from "vitest";
import { encodeFrame, FrameDecoder } from "../../src/index.js";

describe("FrameDecoder", () => {
  it("never buffers more than a header plus the bound, and refuses before the body arrives", () => {
    const decoder = new FrameDecoder(100);
    const frame = encodeFrame(1, new Uint8Array(100));
    expect(decoder.push(frame.subarray(0, 50))).toEqual({ frames: [] });
    expect(decoder.buffered).toBe(50);
    expect(decoder.push(frame.subarray(50))).toEqual({ frames: [{ channel: 1, message: new Uint8Array(100) }] });
    expect(decoder.buffered).toBe(0);
    const oversize = encodeFrame(2, new Uint8Array(101)).subarray(0, 5);
    expect(decoder.push(oversize)).toEqual({ frames: [], violation: { kind: "oversize", channel: 2, length: 101 } });
    expect(decoder.buffered).toBe(0);
    // refused for good: a later valid frame is not decoded
    expect(decoder.push(encodeFrame(1, new Uint8Array(1))).violation).toEqual({ kind: "oversize", channel: 2, length: 101 });
  });

  it("hands out plain Uint8Array views, never Node Buffers", () => {
    const decoder = new FrameDecoder(16);
    const [frame] = decoder.push(Buffer.from(encodeFrame(3, Uint8Array.from([1, 2, 3])))).frames;
    expect(frame!.message.constructor).toBe(Uint8Array);
    expect(frame!.message).toEqual(Uint8Array.from([1, 2, 3]));
  });
});
