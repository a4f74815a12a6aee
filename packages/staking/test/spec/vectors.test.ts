// The staking vectors of test-vectors/staking/ (cips/staking.md): instruction bytes and JSON,
// record, set and key layouts, and the scripted epoch transition replayed on a fresh state.
import { readVector } from "@cowboy/checks/vectors";
import { CodecError, decode, encode, fromHex, toHex } from "@cowboy/codec";
import { instructionCodec, instructionFromJson, instructionToJson } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import {
  blsKeyOwnerKey,
  supplyKey,
  supplyRecordCodec,
  unlockedAt,
  vestingKey,
  vestingRecordCodec,
  type SupplyRecord,
  type VestingRecord,
  decodeEpochSet,
  decodeValidatorRecord,
  encodeEpochSet,
  encodeValidatorRecord,
  epochSetKey,
  StakingError,
  validatorIndexKey,
  validatorKey,
  type ValidatorStatus,
} from "../../src/index.js";
import { verdict, type InvalidProposalVector } from "../utils/invalidProposalVector.js";
import { replay, type Scenario, type ScenarioResult } from "../utils/scenario.js";

describe("instructions (test-vectors/staking/instructions.json)", () => {
  const v = readVector<{ valid: { json: unknown; encoded: string }[]; invalid: { encoded: string; code: string }[] }>("staking/instructions.json");
  it.each(v.valid.map((c) => [(c.json as { type: string }).type, c] as const))("%s: JSON ↔ bytes", (_t, c) => {
    const ins = instructionFromJson(c.json);
    expect(toHex(encode(instructionCodec, ins))).toBe(c.encoded);
    expect(instructionToJson(decode(instructionCodec, fromHex(c.encoded)))).toEqual(c.json);
  });
  it.each(v.invalid.map((c) => [c.encoded, c] as const))("%s is refused", (_e, c) => {
    let code: string | undefined;
    try {
      decode(instructionCodec, fromHex(c.encoded));
    } catch (error) {
      expect(error).toBeInstanceOf(CodecError);
      code = (error as CodecError).code;
    }
    expect(code).toBe(c.code);
  });
});

describe("records (test-vectors/staking/records.json)", () => {
  type RecordJson = Record<string, string | number>;
  type SetJson = { epoch: string; members: { address: string; blsPublicKey: string; stake: string }[]; totalStake: string };
  const v = readVector<{
    validators: { record: RecordJson; encoded: string }[];
    invalidValidators: { encoded: string; code: string }[];
    epochSets: { set: SetJson; encoded: string }[];
    keys: { kind: string; input: string; key: string }[];
    vesting: { record: Record<string, string>; encoded: string; unlocked: { height: string; unlocked: string }[] }[];
    supply: { record: Record<string, string>; encoded: string };
  }>("staking/records.json");
  const big = (r: Record<string, string>) => Object.fromEntries(Object.entries(r).map(([k, x]) => [k, BigInt(x)]));
  it.each(v.vesting.map((c, i) => [i, c] as const))("vesting record %i and its unlock schedule", (_i, c) => {
    const record = big(c.record) as unknown as VestingRecord;
    expect(toHex(encode(vestingRecordCodec, record))).toBe(c.encoded);
    expect(decode(vestingRecordCodec, fromHex(c.encoded))).toEqual(record);
    for (const u of c.unlocked) expect(unlockedAt(record, BigInt(u.height)), `height ${u.height}`).toBe(BigInt(u.unlocked));
  });
  it("the supply record", () => {
    expect(toHex(encode(supplyRecordCodec, big(v.supply.record) as unknown as SupplyRecord))).toBe(v.supply.encoded);
  });
  it.each(v.validators.map((c, i) => [i, c] as const))("validator record %i", (_i, c) => {
    const r = c.record;
    const record = {
      blsPublicKey: fromHex(String(r.blsPublicKey)),
      stake: BigInt(r.stake!),
      status: Number(r.status) as ValidatorStatus,
      registeredAt: BigInt(r.registeredAt!),
      unbondingEndsAt: BigInt(r.unbondingEndsAt!),
      jailedUntil: BigInt(r.jailedUntil!),
      offences: BigInt(r.offences!),
    };
    expect(toHex(encodeValidatorRecord(record))).toBe(c.encoded);
    expect(decodeValidatorRecord(fromHex(c.encoded))).toEqual(record);
  });
  it.each(v.invalidValidators.map((c) => [c.code, c] as const))("an invalid record is refused with %s", (code, c) => {
    expect(() => decodeValidatorRecord(fromHex(c.encoded))).toThrow(StakingError);
    try {
      decodeValidatorRecord(fromHex(c.encoded));
    } catch (error) {
      expect((error as StakingError).code).toBe(code);
    }
  });
  it.each(v.epochSets.map((c) => [c.set.epoch, c] as const))("epoch set %s", (_e, c) => {
    const set = {
      epoch: BigInt(c.set.epoch),
      members: c.set.members.map((m) => ({ address: fromHex(m.address), blsPublicKey: fromHex(m.blsPublicKey), stake: BigInt(m.stake) })),
      totalStake: BigInt(c.set.totalStake),
    };
    expect(toHex(encodeEpochSet(set))).toBe(c.encoded);
    expect(decodeEpochSet(fromHex(c.encoded))).toEqual(set);
  });
  it("state keys", () => {
    const derive: Record<string, (input: string) => Uint8Array> = {
      validator: (i) => validatorKey(fromHex(i)),
      index: () => validatorIndexKey(),
      epochSet: (i) => epochSetKey(BigInt(i)),
      blsKey: (i) => blsKeyOwnerKey(fromHex(i)),
      supply: () => supplyKey(),
      vesting: (i) => vestingKey(fromHex(i)),
    };
    for (const k of v.keys) {
      const fn = derive[k.kind];
      if (fn === undefined) throw new Error(`unknown key kind ${k.kind}`);
      expect(toHex(fn(k.input)), k.kind).toBe(k.key);
    }
  });
});

describe("epoch transition (test-vectors/staking/epoch-transition.json)", () => {
  it("replays to the same outcomes, sets, balances and state root", { timeout: 60_000 }, () => {
    const v = readVector<Scenario & { expected: ScenarioResult }>("staking/epoch-transition.json");
    expect(replay(v)).toEqual(v.expected);
  });
});

describe("invalid-proposal evidence (test-vectors/staking/invalid-proposal.json)", () => {
  const v = readVector<InvalidProposalVector>("staking/invalid-proposal.json");
  it("covers honest, defective and foreign headers", () => {
    expect(v.cases.filter((c) => c.defect !== undefined).length).toBeGreaterThanOrEqual(6);
    expect(v.cases.filter((c) => c.error === "INVALID_EVIDENCE").length).toBe(3);
  });
  it.each(v.cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const e = { offender: fromHex(v.offender), epoch: BigInt(c.epoch), view: BigInt(c.view), parent: BigInt(c.parent), header: fromHex(c.header), signature: fromHex(c.signature) };
    expect(verdict(BigInt(v.chainId), e, fromHex(v.blsPublicKey))).toEqual(c.defect !== undefined ? { defect: c.defect } : { error: c.error });
  });
});
