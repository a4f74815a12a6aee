// The direct-stream wire format (cips/consensus.md, "Network" → "Framing"): every message on a
// long-lived direct stream is `channel (u8) ‖ length (u32, big-endian) ‖ bytes`. The decoder is
// incremental (stream chunks split and join frames anywhere) and refuses a length above its bound
// before buffering the body, so a peer can never make us allocate more than `maxMessageSize`.

/** Bytes before a frame's body: one channel byte and a four-byte big-endian length. */
export const FRAME_HEADER_BYTES = 5;
/** Channels are one byte on the wire. */
export const MAX_CHANNEL = 0xff;
/** The largest body the length field can carry (2^32 − 1); options bound it far lower. */
export const MAX_FRAME_LENGTH = 0xffff_ffff;

/** One frame's bytes: header and body in one buffer (the caller has checked channel and size). */
export function encodeFrame(channel: number, message: Uint8Array): Uint8Array {
  const frame = new Uint8Array(FRAME_HEADER_BYTES + message.length);
  frame[0] = channel;
  new DataView(frame.buffer).setUint32(1, message.length, false);
  frame.set(message, FRAME_HEADER_BYTES);
  return frame;
}

/** A decoded frame. */
export interface Frame {
  readonly channel: number;
  readonly message: Uint8Array;
}

/** Why the decoder stopped: the stream is unusable after either (it cannot find the next frame boundary). */
export interface FrameViolation {
  readonly kind: "oversize";
  /** The length the header announced. */
  readonly length: number;
  readonly channel: number;
}

/** What one chunk completed: the frames before any violation, and the violation if one was met. */
export interface DecodeResult {
  readonly frames: Frame[];
  readonly violation?: FrameViolation;
}

/**
 * Reassembles frames from stream chunks. `push` returns the frames the chunk completed and, once a
 * header announces an oversize body, the violation (after which the decoder refuses every chunk: the
 * caller delivers the frames that came before it and blocks the peer).
 */
export class FrameDecoder {
  readonly #maxMessageSize: number;
  #chunks: Uint8Array[] = [];
  #buffered = 0;
  #failed: FrameViolation | undefined;

  constructor(maxMessageSize: number) {
    this.#maxMessageSize = maxMessageSize;
  }

  /** Bytes held for an incomplete frame (never more than a header plus `maxMessageSize`). */
  get buffered(): number {
    return this.#buffered;
  }

  push(chunk: Uint8Array): DecodeResult {
    if (this.#failed !== undefined) return { frames: [], violation: this.#failed };
    if (chunk.length > 0) {
      // A plain view, never a Node Buffer subclass, so handlers see exactly a Uint8Array.
      this.#chunks.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      this.#buffered += chunk.length;
    }
    const frames: Frame[] = [];
    while (this.#buffered >= FRAME_HEADER_BYTES) {
      const header = this.#peek(FRAME_HEADER_BYTES);
      const channel = header[0]!;
      const length = new DataView(header.buffer, header.byteOffset, FRAME_HEADER_BYTES).getUint32(1, false);
      if (length > this.#maxMessageSize) {
        this.#failed = { kind: "oversize", length, channel };
        this.#chunks = [];
        this.#buffered = 0;
        return { frames, violation: this.#failed };
      }
      if (this.#buffered < FRAME_HEADER_BYTES + length) break;
      const whole = this.#take(FRAME_HEADER_BYTES + length);
      frames.push({ channel, message: whole.subarray(FRAME_HEADER_BYTES) });
    }
    return { frames };
  }

  /** The first `n` buffered bytes, joined only when they span chunks. */
  #peek(n: number): Uint8Array {
    const first = this.#chunks[0]!;
    if (first.length >= n) return first.subarray(0, n);
    this.#join();
    return this.#chunks[0]!.subarray(0, n);
  }

  /** Removes and returns the first `n` buffered bytes (a copy when they span chunks). */
  #take(n: number): Uint8Array {
    let first = this.#chunks[0]!;
    if (first.length < n) {
      this.#join();
      first = this.#chunks[0]!;
    }
    const out = first.subarray(0, n);
    if (first.length === n) this.#chunks.shift();
    else this.#chunks[0] = first.subarray(n);
    this.#buffered -= n;
    return out;
  }

  #join(): void {
    const all = new Uint8Array(this.#buffered);
    let at = 0;
    for (const c of this.#chunks) {
      all.set(c, at);
      at += c.length;
    }
    this.#chunks = [all];
  }
}
