// Parameter schemas shared by the RPC namespaces. Every bound comes from the package that owns
// the rule (@cowboy/codec's u64, @cowboy/types' sizes and method-name rule).
import { U64_MAX } from "@cowboy/codec";
import { MAX_STORAGE_SLOT_BYTES, MAX_TX_SIZE, PUBLIC_METHOD_NAME_PATTERN } from "@cowboy/types";
import { z } from "zod";

export const address = z.string().regex(/^0x[0-9a-f]{40}$/, "expected a 0x-prefixed 20-byte lowercase hex address");
export const hash32 = z.string().regex(/^0x[0-9a-f]{64}$/, "expected a 0x-prefixed 32-byte lowercase hex hash");
export const u64 = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/, "expected a decimal u64 string")
  .refine((s) => !/^[0-9]+$/.test(s) || BigInt(s) <= U64_MAX, "exceeds 2^64-1");
/** A height, or "latest" / "finalized": both the committed head (a node exposes only finalized state; notarized heights are in cowboy_consensus). */
export const blockTag = z.union([z.literal("latest"), z.literal("finalized"), u64]);

/** 0x-prefixed lowercase hex of at most `max` bytes. */
export const hexBytes = (max: number) =>
  z
    .string()
    .max(2 + 2 * max, `exceeds ${max} bytes`)
    .regex(/^0x([0-9a-f]{2})*$/, "expected 0x-prefixed lowercase hex");

/** A signed transaction's canonical bytes: non-empty, at most max_tx_size. */
export const rawTransaction = z
  .string()
  .max(2 + 2 * MAX_TX_SIZE, "exceeds max_tx_size")
  .regex(/^0x([0-9a-f]{2})+$/, "expected 0x-prefixed lowercase hex");

export const publicMethodName = z.string().regex(new RegExp(PUBLIC_METHOD_NAME_PATTERN), "expected a public method name");
export const callArgs = hexBytes(MAX_TX_SIZE);
export const storageSlot = hexBytes(MAX_STORAGE_SLOT_BYTES);
