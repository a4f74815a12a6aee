import { CodecError, type Codec, type Reader, type Writer } from "@cowboy/codec";
import { FIELD_CODECS, checkFieldType, type FieldKind, type FieldValue } from "./fields.js";

/** Instruction categories (spec §2.1, §2.4): the first byte of every instruction. */
export const InstructionCategory = { System: 0, Actor: 1, Custom: 2, Library: 3 } as const;
export type InstructionCategory = (typeof InstructionCategory)[keyof typeof InstructionCategory];

/**
 * Every instruction v1 knows: its category byte, its sub_type byte, and its body's fields in wire
 * order as [field name, JSON name, kind]. cips/transactions.md is the prose form of this table.
 * Custom(2) and Library(3) are reserved: no sub_type is defined for them yet, so they are refused.
 */
export const INSTRUCTIONS = {
  transfer: {
    category: 0,
    subType: 1,
    fields: [
      ["to", "to", "address"],
      ["amount", "amount", "amount"],
    ],
  },
  register_validator: {
    category: 0,
    subType: 16,
    fields: [
      ["blsPublicKey", "bls_public_key", "bytes"],
      ["proofOfPossession", "proof_of_possession", "bytes"],
      ["amount", "amount", "amount"],
    ],
  },
  add_stake: {
    category: 0,
    subType: 17,
    fields: [["amount", "amount", "amount"]],
  },
  exit_validator: {
    category: 0,
    subType: 18,
    fields: [],
  },
  withdraw_stake: {
    category: 0,
    subType: 19,
    fields: [],
  },
  unjail_validator: {
    category: 0,
    subType: 20,
    fields: [],
  },
  claim_vested: {
    category: 0,
    subType: 21,
    fields: [],
  },
  schedule_timer: {
    category: 0,
    subType: 48,
    fields: [
      ["target", "target", "address"],
      ["handler", "handler", "name"],
      ["data", "data", "bytes"],
      ["fireAt", "fire_at", "uint"],
      ["cyclesPerFire", "cycles_per_fire", "uint"],
      ["cellsPerFire", "cells_per_fire", "uint"],
      ["expiresAt", "expires_at", "option_uint"],
      ["feePayer", "fee_payer", "option_address"],
    ],
  },
  schedule_interval: {
    category: 0,
    subType: 49,
    fields: [
      ["target", "target", "address"],
      ["handler", "handler", "name"],
      ["data", "data", "bytes"],
      ["everyBlocks", "every_blocks", "uint"],
      ["cyclesPerFire", "cycles_per_fire", "uint"],
      ["cellsPerFire", "cells_per_fire", "uint"],
      ["expiresAt", "expires_at", "option_uint"],
      ["feePayer", "fee_payer", "option_address"],
    ],
  },
  cancel_timer: {
    category: 0,
    subType: 50,
    fields: [["timerId", "timer_id", "hash"]],
  },
  deploy_actor: {
    category: 1,
    subType: 1,
    fields: [
      ["code", "code", "bytes"],
      ["salt", "salt", "hash"],
      ["args", "args", "bytes"],
    ],
  },
  call_actor: {
    category: 1,
    subType: 2,
    fields: [
      ["target", "target", "address"],
      ["method", "method", "name"],
      ["args", "args", "bytes"],
      ["value", "value", "amount"],
    ],
  },
} as const satisfies Record<string, { category: number; subType: number; fields: ReadonlyArray<readonly [string, string, FieldKind]> }>;

export type InstructionType = keyof typeof INSTRUCTIONS;

type FieldsOf<T extends InstructionType> = (typeof INSTRUCTIONS)[T]["fields"][number];
type BodyOf<T extends InstructionType> = { readonly [F in FieldsOf<T> as F[0]]: FieldValue[F[2]] };

/** A typed instruction: `{ type, ...body }`, e.g. `{ type: "transfer", to, amount }`. */
export type Instruction = { [T in InstructionType]: { readonly type: T } & BodyOf<T> }[InstructionType];
export type InstructionOf<T extends InstructionType> = Extract<Instruction, { type: T }>;

export type TransferInstruction = InstructionOf<"transfer">;
export type ScheduleTimerInstruction = InstructionOf<"schedule_timer">;
export type ScheduleIntervalInstruction = InstructionOf<"schedule_interval">;
export type CancelTimerInstruction = InstructionOf<"cancel_timer">;
export type DeployActorInstruction = InstructionOf<"deploy_actor">;
export type CallActorInstruction = InstructionOf<"call_actor">;
export type RegisterValidatorInstruction = InstructionOf<"register_validator">;
export type AddStakeInstruction = InstructionOf<"add_stake">;
export type ExitValidatorInstruction = InstructionOf<"exit_validator">;
export type WithdrawStakeInstruction = InstructionOf<"withdraw_stake">;
export type UnjailValidatorInstruction = InstructionOf<"unjail_validator">;
export type ClaimVestedInstruction = InstructionOf<"claim_vested">;

interface Spec {
  readonly type: InstructionType;
  readonly category: number;
  readonly subType: number;
  readonly fields: ReadonlyArray<readonly [string, string, FieldKind]>;
}

const SPECS: readonly Spec[] = Object.entries(INSTRUCTIONS).map(([type, s]) => ({ type: type as InstructionType, ...s }));
const BY_CODE = new Map<number, Spec>(SPECS.map((s) => [(s.category << 8) | s.subType, s]));
const BY_TYPE = new Map<string, Spec>(SPECS.map((s) => [s.type, s]));

/** The table row of `type`, or undefined. */
export function instructionSpec(type: string): Spec | undefined {
  return BY_TYPE.get(type);
}

function specOf(value: unknown, at: number): Spec {
  const type = (value as { type?: unknown } | null)?.type;
  const spec = typeof type === "string" ? BY_TYPE.get(type) : undefined;
  if (spec === undefined) throw new CodecError("INVALID_VALUE", at, `unknown instruction type ${String(type)}`);
  return spec;
}

/** Instruction = category (u8) ‖ sub_type (u8) ‖ body fields in table order, no length prefix. */
export const instructionCodec: Codec<Instruction> = {
  encodeSize(value) {
    const spec = specOf(value, 0);
    let size = 2;
    const v = value as unknown as Record<string, unknown>;
    for (const [name, json, kind] of spec.fields) {
      checkFieldType(kind, v[name], json);
      try {
        size += (FIELD_CODECS[kind] as Codec<unknown>).encodeSize(v[name]);
      } catch (err) {
        // Say which body field was refused: the codec alone only knows its own type.
        if (err instanceof CodecError) throw new CodecError(err.code, err.offset, `instruction.${json}: ${err.message}`);
        throw err;
      }
    }
    return size;
  },
  write(w: Writer, value) {
    const spec = specOf(value, w.length);
    w.u8(spec.category).u8(spec.subType);
    const v = value as unknown as Record<string, unknown>;
    for (const [name, json, kind] of spec.fields) {
      checkFieldType(kind, v[name], json);
      (FIELD_CODECS[kind] as Codec<unknown>).write(w, v[name]);
    }
  },
  read(r: Reader) {
    const start = r.offset;
    const category = r.u8();
    if (category > 3) throw new CodecError("UNKNOWN_DISCRIMINANT", start, `instruction category ${category}`);
    const subType = r.u8();
    const spec = BY_CODE.get((category << 8) | subType);
    if (spec === undefined) {
      throw new CodecError("UNKNOWN_DISCRIMINANT", start + 1, `instruction ${category}/${subType}`);
    }
    const out: Record<string, unknown> = { type: spec.type };
    for (const [name, , kind] of spec.fields) out[name] = FIELD_CODECS[kind].read(r);
    return out as unknown as Instruction;
  },
};
