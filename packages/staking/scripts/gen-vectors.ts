// Writes test-vectors/staking/*.json (cips/staking.md). Deterministic: regenerating gives no diff.
// Run: pnpm --filter @cowboy/staking vectors
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encode, toHex } from "@cowboy/codec";
import { BASE_UNITS_PER_CBY, instructionCodec, instructionToJson, type Instruction } from "@cowboy/types";
import { encode as encodeWith } from "@cowboy/codec";
import {
  blsKeyOwnerKey,
  encodeEpochSet,
  encodeValidatorRecord,
  epochSetKey,
  supplyKey,
  supplyRecordCodec,
  unlockedAt,
  validatorIndexKey,
  validatorKey,
  vestingKey,
  vestingRecordCodec,
  type EpochSet,
  type ValidatorRecord,
  type VestingRecord,
} from "../src/index.js";
import { blsKey } from "../test/utils/fixture.js";
import { invalidProposalVector } from "../test/utils/invalidProposalVector.js";
import { replay, type Scenario } from "../test/utils/scenario.js";

const out = (name: string, value: unknown): void => {
  const path = fileURLToPath(new URL(`../../../test-vectors/staking/${name}`, import.meta.url));
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
};

const keys = [0, 1, 2, 3].map((i) => blsKey(i));

// 1. Instructions: JSON form and wire bytes.
const instructions: Instruction[] = [
  { type: "register_validator", blsPublicKey: keys[0]!.publicKey, proofOfPossession: keys[0]!.pop, amount: 100_000_000_000_000n },
  { type: "add_stake", amount: 5n },
  { type: "add_stake", amount: 18_446_744_073_709_551_615n },
  { type: "exit_validator" },
  { type: "withdraw_stake" },
  { type: "unjail_validator" },
  { type: "claim_vested" },
  {
    type: "report_double_vote",
    offender: new Uint8Array(20).fill(0x0a),
    kind: 0n,
    epoch: 2n,
    view: 300n,
    parentA: 299n,
    payloadA: new Uint8Array(32).fill(1),
    signatureA: new Uint8Array(96).fill(0xaa),
    parentB: 299n,
    payloadB: new Uint8Array(32).fill(2),
    signatureB: new Uint8Array(96).fill(0xbb),
  },
  { type: "set_network_key", networkKey: new Uint8Array(32).fill(0x5e), signature: new Uint8Array(64).fill(0x51) },
  {
    type: "report_invalid_proposal",
    offender: new Uint8Array(20).fill(0x0a),
    epoch: 2n,
    view: 300n,
    parent: 299n,
    header: Uint8Array.of(0xde, 0xad, 0xbe, 0xef),
    signature: new Uint8Array(96).fill(0xcc),
  },
];
out("instructions.json", {
  valid: instructions.map((ins) => ({ json: instructionToJson(ins), encoded: toHex(encode(instructionCodec, ins)) })),
  invalid: [
    { reason: "System sub_type 27 is not assigned", encoded: "001b", code: "UNKNOWN_DISCRIMINANT" },
    { reason: "add_stake without its amount", encoded: "0011000000", code: "END_OF_BUFFER" },
    { reason: "exit_validator with a trailing byte", encoded: "001200", code: "TRAILING_BYTES" },
  ],
});

// 2. Records, sets and keys.
const rec = (r: Partial<ValidatorRecord>): ValidatorRecord => ({
  blsPublicKey: keys[1]!.publicKey,
  stake: 100n,
  status: 0,
  registeredAt: 0n,
  unbondingEndsAt: 0n,
  jailedUntil: 0n,
  offences: 0n,
  ...r,
});
const recordJson = (r: ValidatorRecord) => ({
  blsPublicKey: toHex(r.blsPublicKey),
  stake: r.stake.toString(),
  status: r.status,
  registeredAt: r.registeredAt.toString(),
  unbondingEndsAt: r.unbondingEndsAt.toString(),
  jailedUntil: r.jailedUntil.toString(),
  offences: r.offences.toString(),
});
const records = [
  rec({}),
  rec({ status: 1, stake: 100_000_000_000_000n, registeredAt: 3_599n }),
  rec({ status: 2, unbondingEndsAt: 608_400n, registeredAt: 70n }),
  rec({ status: 3, jailedUntil: 172_900n, offences: 2n, stake: 18_446_744_073_709_551_615n }),
];
const a = (b: number) => new Uint8Array(20).fill(b);
const sets: EpochSet[] = [
  { epoch: 0n, members: [], totalStake: 0n },
  {
    epoch: 7n,
    members: [
      { address: a(1), blsPublicKey: keys[0]!.publicKey, stake: 300n },
      { address: a(2), blsPublicKey: keys[1]!.publicKey, stake: 100n },
    ],
    totalStake: 400n,
  },
];
const setJson = (s: EpochSet) => ({
  epoch: s.epoch.toString(),
  members: s.members.map((m) => ({ address: toHex(m.address), blsPublicKey: toHex(m.blsPublicKey), stake: m.stake.toString() })),
  totalStake: s.totalStake.toString(),
});
out("records.json", {
  validators: records.map((r) => ({ record: recordJson(r), encoded: toHex(encodeValidatorRecord(r)) })),
  invalidValidators: [{ reason: "status byte 4", encoded: toHex(encodeValidatorRecord(records[0]!)).replace(/^(.{96}.{16})00/, "$104"), code: "CORRUPT_STATE" }],
  epochSets: sets.map((s) => ({ set: setJson(s), encoded: toHex(encodeEpochSet(s)) })),
  vesting: (() => {
    const month = 2_592_000n;
    // §8.3 Team: 1-year cliff, 4-year linear monthly; Investors: 10% at TGE, 6-month cliff, 24 months linear.
    const team: VestingRecord = { total: 200_000_000n * BASE_UNITS_PER_CBY, atGenesis: 0n, cliff: 12n * month, period: month, periods: 48n, claimed: 0n };
    const investors: VestingRecord = {
      total: 200_000_000n * BASE_UNITS_PER_CBY,
      atGenesis: 20_000_000n * BASE_UNITS_PER_CBY,
      cliff: 6n * month,
      period: month,
      periods: 24n,
      claimed: 7n,
    };
    return [team, investors].map((r) => ({
      record: Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.toString()])),
      encoded: toHex(encodeWith(vestingRecordCodec, r)),
      unlocked: [0n, 6n * month - 1n, 6n * month, 12n * month - 1n, 12n * month, 13n * month, 48n * month, 100n * month].map((h) => ({
        height: h.toString(),
        unlocked: unlockedAt(r, h).toString(),
      })),
    }));
  })(),
  supply: {
    record: { genesis: "1000", issued: "20", burned: "3", yearBase: "1000" },
    encoded: toHex(encodeWith(supplyRecordCodec, { genesis: 1000n, issued: 20n, burned: 3n, yearBase: 1000n })),
  },
  keys: [
    { kind: "supply", input: "", key: toHex(supplyKey()) },
    { kind: "vesting", input: toHex(a(0xab)), key: toHex(vestingKey(a(0xab))) },
    { kind: "validator", input: toHex(a(0xab)), key: toHex(validatorKey(a(0xab))) },
    { kind: "index", input: "", key: toHex(validatorIndexKey()) },
    { kind: "epochSet", input: "7", key: toHex(epochSetKey(7n)) },
    { kind: "blsKey", input: toHex(keys[0]!.publicKey), key: toHex(blsKeyOwnerKey(keys[0]!.publicKey)) },
  ],
});

// 3. The epoch transition: a scripted lifecycle over four epochs of 10 blocks.
const scenario: Scenario = {
  config: { minimumValidatorStake: "100", epochLength: "10", unbondingPeriod: "25", jailPeriod: "7", maxJailDoublings: "3", epochSetRetention: "2" },
  keys: keys.map((k) => ({ publicKey: toHex(k.publicKey), pop: toHex(k.pop) })),
  balances: { "1": "1000", "2": "1000", "3": "1000", "4": "50" },
  genesis: [{ who: 9, key: 3, stake: "500" }],
  steps: [
    { height: "2", op: "register", who: 1, key: 0, popOf: 0, amount: "200" },
    { height: "2", op: "register", who: 2, key: 1, popOf: 0, amount: "200" },
    { height: "3", op: "register", who: 2, key: 0, popOf: 0, amount: "200" },
    { height: "3", op: "register", who: 2, key: 1, popOf: 1, amount: "99" },
    { height: "4", op: "register", who: 4, key: 2, popOf: 2, amount: "100" },
    { height: "5", op: "register", who: 2, key: 1, popOf: 1, amount: "150" },
    { height: "9", op: "add_stake", who: 2, amount: "50" },
    { height: "12", op: "jail", who: 1 },
    { height: "15", op: "unjail", who: 1 },
    { height: "19", op: "unjail", who: 1 },
    { height: "21", op: "exit", who: 2 },
    { height: "22", op: "add_stake", who: 2, amount: "1" },
    { height: "30", op: "withdraw", who: 2 },
    { height: "31", op: "jail", who: 1 },
    { height: "32", op: "exit", who: 1 },
    { height: "46", op: "withdraw", who: 2 },
    { height: "47", op: "withdraw", who: 1 },
    { height: "57", op: "withdraw", who: 1 },
  ],
  lastHeight: "59",
};
out("epoch-transition.json", { ...scenario, expected: replay(scenario) });

// 4. Invalid-proposal evidence: real headers and notarize signatures, each with its verdict.
out("invalid-proposal.json", invalidProposalVector());
console.log("wrote test-vectors/staking/{instructions,records,epoch-transition,invalid-proposal}.json");
