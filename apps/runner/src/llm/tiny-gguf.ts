// A tiny llama-architecture GGUF written from a seed (cips/runner-process.md "LLM"): no download, no shipped
// weights. Same seed, same bytes; the embedded-model tests and devnets use it. GGUF v3: header, metadata, tensor infos,
// 32-byte aligned F32 tensor data. The vocabulary is SentencePiece-style: control tokens, printable ASCII, 256 byte tokens.
import { writeFileSync } from "node:fs";
import { keccak256 } from "@cowboy/crypto";

const ALIGN = 32;
const T_U32 = 4;
const T_F32 = 6;
const T_STRING = 8;
const T_ARRAY = 9;
const T_I32 = 5;

class Out {
  private chunks: Uint8Array[] = [];
  size = 0;
  push(b: Uint8Array): void {
    this.chunks.push(b);
    this.size += b.length;
  }
  u32(v: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, v, true);
    this.push(b);
  }
  i32(v: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, v, true);
    this.push(b);
  }
  u64(v: number | bigint): void {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(v), true);
    this.push(b);
  }
  f32(v: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, v, true);
    this.push(b);
  }
  str(s: string): void {
    const b = new TextEncoder().encode(s);
    this.u64(b.length);
    this.push(b);
  }
  pad(): void {
    const n = (ALIGN - (this.size % ALIGN)) % ALIGN;
    if (n > 0) this.push(new Uint8Array(n));
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

export interface TinyModelShape {
  readonly embedding: number;
  readonly layers: number;
  readonly heads: number;
  readonly feedForward: number;
  readonly context: number;
}

export const TINY_MODEL_SHAPE: TinyModelShape = { embedding: 64, layers: 2, heads: 4, feedForward: 128, context: 512 };

/** The vocabulary: <unk> <s> </s>, "▁" and printable ASCII as normal tokens, then <0x00>…<0xFF>. */
function vocabulary(): { tokens: string[]; types: number[]; scores: number[] } {
  const tokens = ["<unk>", "<s>", "</s>", "\u2581"];
  const types = [2, 3, 3, 1];
  for (let c = 0x21; c <= 0x7e; c++) {
    tokens.push(String.fromCharCode(c));
    types.push(1);
  }
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(6);
  }
  return { tokens, types, scores: tokens.map((_, i) => -i) };
}

/** Deterministic weights: keccak256 counter stream mapped to [-scale, scale). */
function weights(seed: Uint8Array, name: string, count: number, scale: number): Float32Array {
  const out = new Float32Array(count);
  const label = new TextEncoder().encode(name);
  let block: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < count; i++) {
    const j = i % 8;
    if (j === 0) {
      const input = new Uint8Array(seed.length + label.length + 4);
      input.set(seed);
      input.set(label, seed.length);
      new DataView(input.buffer).setUint32(seed.length + label.length, i / 8, true);
      block = keccak256(input);
    }
    const v = new DataView(block.buffer, block.byteOffset).getUint32(j * 4, true);
    out[i] = (v / 2 ** 32 - 0.5) * 2 * scale;
  }
  return out;
}

/** The GGUF bytes of a tiny random llama model (about 0.4 MB with the default shape). */
export function tinyGguf(seed: Uint8Array, shape: TinyModelShape = TINY_MODEL_SHAPE): Uint8Array {
  const { tokens, types, scores } = vocabulary();
  const nVocab = tokens.length;
  const e = shape.embedding;
  const f = shape.feedForward;
  const tensors: { name: string; dims: number[]; data: Float32Array }[] = [];
  const add = (name: string, dims: number[], scale: number, ones = false) => {
    const count = dims.reduce((a, b) => a * b, 1);
    tensors.push({ name, dims, data: ones ? new Float32Array(count).fill(1) : weights(seed, name, count, scale) });
  };
  add("token_embd.weight", [e, nVocab], 1);
  for (let l = 0; l < shape.layers; l++) {
    add(`blk.${l}.attn_norm.weight`, [e], 0, true);
    for (const p of ["attn_q", "attn_k", "attn_v", "attn_output"]) add(`blk.${l}.${p}.weight`, [e, e], 0.2);
    add(`blk.${l}.ffn_norm.weight`, [e], 0, true);
    add(`blk.${l}.ffn_gate.weight`, [e, f], 0.2);
    add(`blk.${l}.ffn_up.weight`, [e, f], 0.2);
    add(`blk.${l}.ffn_down.weight`, [f, e], 0.2);
  }
  add("output_norm.weight", [e], 0, true);
  add("output.weight", [e, nVocab], 1);

  const meta: [string, (o: Out) => void][] = [
    ["general.architecture", (o) => (o.u32(T_STRING), o.str("llama"))],
    ["general.name", (o) => (o.u32(T_STRING), o.str("cowboy-tiny-test"))],
    ["general.alignment", (o) => (o.u32(T_U32), o.u32(ALIGN))],
    ["llama.context_length", (o) => (o.u32(T_U32), o.u32(shape.context))],
    ["llama.embedding_length", (o) => (o.u32(T_U32), o.u32(e))],
    ["llama.block_count", (o) => (o.u32(T_U32), o.u32(shape.layers))],
    ["llama.feed_forward_length", (o) => (o.u32(T_U32), o.u32(f))],
    ["llama.attention.head_count", (o) => (o.u32(T_U32), o.u32(shape.heads))],
    ["llama.attention.head_count_kv", (o) => (o.u32(T_U32), o.u32(shape.heads))],
    ["llama.rope.dimension_count", (o) => (o.u32(T_U32), o.u32(e / shape.heads))],
    ["llama.attention.layer_norm_rms_epsilon", (o) => (o.u32(T_F32), o.f32(1e-5))],
    ["tokenizer.ggml.model", (o) => (o.u32(T_STRING), o.str("llama"))],
    [
      "tokenizer.ggml.tokens",
      (o) => {
        o.u32(T_ARRAY);
        o.u32(T_STRING);
        o.u64(nVocab);
        for (const t of tokens) o.str(t);
      },
    ],
    [
      "tokenizer.ggml.scores",
      (o) => {
        o.u32(T_ARRAY);
        o.u32(T_F32);
        o.u64(nVocab);
        for (const s of scores) o.f32(s);
      },
    ],
    [
      "tokenizer.ggml.token_type",
      (o) => {
        o.u32(T_ARRAY);
        o.u32(T_I32);
        o.u64(nVocab);
        for (const t of types) o.i32(t);
      },
    ],
    ["tokenizer.ggml.unknown_token_id", (o) => (o.u32(T_U32), o.u32(0))],
    ["tokenizer.ggml.bos_token_id", (o) => (o.u32(T_U32), o.u32(1))],
    ["tokenizer.ggml.eos_token_id", (o) => (o.u32(T_U32), o.u32(2))],
  ];

  const out = new Out();
  out.push(new TextEncoder().encode("GGUF"));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(meta.length);
  for (const [key, write] of meta) {
    out.str(key);
    write(out);
  }
  let offset = 0;
  for (const t of tensors) {
    out.str(t.name);
    out.u32(t.dims.length);
    for (const d of t.dims) out.u64(d);
    out.u32(0); // GGML_TYPE_F32
    out.u64(offset);
    offset += t.data.byteLength;
    offset += (ALIGN - (offset % ALIGN)) % ALIGN;
  }
  out.pad();
  for (const t of tensors) {
    out.push(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    out.pad();
  }
  return out.bytes();
}

/** Writes the tiny model to `path`; returns its keccak256 (the model id the runner advertises). */
export function writeTinyGguf(path: string, seed: Uint8Array, shape?: TinyModelShape): Uint8Array {
  const bytes = tinyGguf(seed, shape);
  writeFileSync(path, bytes);
  return keccak256(bytes);
}
