import { ADDRESS_LENGTH, HASH_LENGTH, SIGNATURE_LENGTH } from "./constants.js";
import { INSTRUCTIONS, type Instruction } from "./instruction.js";

/** A 20-byte address. */
export function isAddress(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array && value.length === ADDRESS_LENGTH;
}

/** A 32-byte hash. */
export function isHash32(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array && value.length === HASH_LENGTH;
}

/** A 65-byte r‖s‖v signature (shape only: whether it verifies is another matter). */
export function isSignature(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array && value.length === SIGNATURE_LENGTH;
}

/** An object whose `type` names a known instruction (its fields are checked when encoded). */
export function isInstruction(value: unknown): value is Instruction {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === "string" && Object.hasOwn(INSTRUCTIONS, type);
}
