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
  // The validator set's threshold-key reshare (cips/staking.md "Reshare"; System sub_types 28–31).
  staking_submit_dealing: {
    category: 0,
    subType: 28,
    fields: [
      ["epoch", "epoch", "uint"],
      ["dealing", "dealing", "bytes"],
    ],
  },
  staking_submit_complaint: {
    category: 0,
    subType: 29,
    fields: [
      ["epoch", "epoch", "uint"],
      ["complaint", "complaint", "bytes"],
    ],
  },
  // Double-vote evidence (cips/staking.md "Evidence"; staking's range 22–27): two votes of one kind for one round.
  report_double_vote: {
    category: 0,
    subType: 22,
    fields: [
      ["offender", "offender", "address"],
      ["kind", "kind", "uint"],
      ["epoch", "epoch", "uint"],
      ["view", "view", "uint"],
      ["parentA", "parent_a", "uint"],
      ["payloadA", "payload_a", "hash"],
      ["signatureA", "signature_a", "bytes"],
      ["parentB", "parent_b", "uint"],
      ["payloadB", "payload_b", "hash"],
      ["signatureB", "signature_b", "bytes"],
    ],
  },
  // Invalid-proposal evidence (cips/staking.md "Invalid proposals"; staking's range 24–27): a leader's own
  // proposal header with a defect it proves by itself, and the leader's notarize signature over it.
  report_invalid_proposal: {
    category: 0,
    subType: 24,
    fields: [
      ["offender", "offender", "address"],
      ["epoch", "epoch", "uint"],
      ["view", "view", "uint"],
      ["parent", "parent", "uint"],
      ["header", "header", "bytes"],
      ["signature", "signature", "bytes"],
    ],
  },
  // A validator's network identity (cips/staking.md "Network keys"; staking's range 23–27).
  set_network_key: {
    category: 0,
    subType: 23,
    fields: [
      ["networkKey", "network_key", "bytes"],
      ["signature", "signature", "bytes"],
    ],
  },
  // Runner market (cips/runner-market.md "Instructions"; System sub_types 32–47 belong to runner-market):
  // 0x01 Runner Registry 32–36, 0x02/0x03 job phases 37–42.
  runner_register: {
    category: 0,
    subType: 32,
    fields: [
      ["stake", "stake", "amount"],
      ["maxJobValue", "max_job_value", "amount"],
      ["capabilities", "capabilities", "bytes"],
      ["endpoint", "endpoint", "bytes"],
      ["transportKey", "transport_key", "bytes"],
    ],
  },
  runner_add_stake: { category: 0, subType: 33, fields: [["amount", "amount", "amount"]] },
  runner_update: {
    category: 0,
    subType: 34,
    fields: [
      ["maxJobValue", "max_job_value", "amount"],
      ["capabilities", "capabilities", "bytes"],
      ["endpoint", "endpoint", "bytes"],
      ["transportKey", "transport_key", "bytes"],
    ],
  },
  runner_unbond: { category: 0, subType: 35, fields: [] },
  runner_withdraw: { category: 0, subType: 36, fields: [] },
  job_ack: { category: 0, subType: 37, fields: [["jobId", "job_id", "hash"]] },
  job_commit: {
    category: 0,
    subType: 38,
    fields: [
      ["jobId", "job_id", "hash"],
      ["commitment", "commitment", "hash"],
    ],
  },
  job_reveal: {
    category: 0,
    subType: 39,
    fields: [
      ["jobId", "job_id", "hash"],
      ["output", "output", "bytes"],
      ["salt", "salt", "bytes"],
    ],
  },
  job_aggregate: {
    category: 0,
    subType: 40,
    fields: [
      ["jobId", "job_id", "hash"],
      ["result", "result", "bytes"],
    ],
  },
  job_challenge: {
    category: 0,
    subType: 41,
    fields: [
      ["jobId", "job_id", "hash"],
      ["runner", "runner", "address"],
      ["evidence", "evidence", "bytes"],
    ],
  },
  job_submit: {
    category: 0,
    subType: 42,
    fields: [
      ["request", "request", "bytes"],
      ["maxPrice", "max_price", "amount"],
    ],
  },
  // Governance (cips/governance.md "Instructions"; System sub_types 64–79 belong to governance). `body` and
  // `action` are canonical JSON (UTF-8, sorted keys, no whitespace).
  gov_propose: {
    category: 0,
    subType: 64,
    fields: [
      ["body", "body", "bytes"],
      ["deposit", "deposit", "amount"],
    ],
  },
  gov_vote: {
    category: 0,
    subType: 65,
    fields: [
      ["proposalId", "proposal_id", "uint"],
      ["choice", "choice", "uint"],
    ],
  },
  gov_council: {
    category: 0,
    subType: 66,
    fields: [["action", "action", "bytes"]],
  },
  // A deposit top-up of a proposal in its vote by any account (cips/governance.md "Deposits"; sub_type from 43–47).
  gov_deposit: {
    category: 0,
    subType: 43,
    fields: [
      ["proposalId", "proposal_id", "uint"],
      ["amount", "amount", "amount"],
    ],
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
  // State rent (cips/rent.md "Instructions"; System sub_types 80–95 belong to rent and tokens).
  rent_sponsor: {
    category: 0,
    subType: 80,
    fields: [
      ["actor", "actor", "address"],
      ["amount", "amount", "amount"],
    ],
  },
  rent_restore: {
    category: 0,
    subType: 81,
    fields: [
      ["actor", "actor", "address"],
      ["storage", "storage", "bytes"],
    ],
  },
  // One 64 KiB segment of a dormant actor's storage, restored in order (cips/rent.md "Chunked restoration"; sub_type
  // from governance/rent's 44–47, 51–63).
  rent_restore_chunk: {
    category: 0,
    subType: 51,
    fields: [
      ["actor", "actor", "address"],
      ["index", "index", "uint"],
      ["data", "data", "bytes"],
    ],
  },
  // Platform tokens at 0x06 (cips/tokens.md "Instructions"; System sub_types 82–88, in rent-tokens' 80–95).
  token_create: {
    category: 0,
    subType: 82,
    fields: [
      ["name", "name", "name"],
      ["symbol", "symbol", "name"],
      ["decimals", "decimals", "uint"],
      ["initialSupply", "initial_supply", "amount"],
      ["maxSupply", "max_supply", "option_uint"],
      ["hook", "hook", "option_address"],
    ],
  },
  token_transfer: {
    category: 0,
    subType: 83,
    fields: [
      ["token", "token", "uint"],
      ["to", "to", "address"],
      ["amount", "amount", "amount"],
    ],
  },
  token_transfer_from: {
    category: 0,
    subType: 84,
    fields: [
      ["token", "token", "uint"],
      ["owner", "owner", "address"],
      ["to", "to", "address"],
      ["amount", "amount", "amount"],
    ],
  },
  token_approve: {
    category: 0,
    subType: 85,
    fields: [
      ["token", "token", "uint"],
      ["spender", "spender", "address"],
      ["amount", "amount", "amount"],
    ],
  },
  token_mint: {
    category: 0,
    subType: 86,
    fields: [
      ["token", "token", "uint"],
      ["to", "to", "address"],
      ["amount", "amount", "amount"],
    ],
  },
  token_burn: {
    category: 0,
    subType: 87,
    fields: [
      ["token", "token", "uint"],
      ["amount", "amount", "amount"],
    ],
  },
  // CBFS (cips/cbfs.md §7): 0x0B Relay Registry (96–99) and 0x0A Storage Manager (100–105), System sub_types 96–111.
  relay_register: {
    category: 0,
    subType: 96,
    fields: [
      ["stake", "stake", "amount"],
      ["capacity", "capacity", "uint"],
      ["endpoint", "endpoint", "bytes"],
    ],
  },
  relay_heartbeat: { category: 0, subType: 97, fields: [] },
  relay_exit: { category: 0, subType: 98, fields: [] },
  relay_withdraw: { category: 0, subType: 99, fields: [] },
  storage_anchor: {
    category: 0,
    subType: 100,
    fields: [
      ["root", "root", "hash"],
      ["size", "size", "uint"],
      ["k", "k", "uint"],
      ["m", "m", "uint"],
      ["blocks", "blocks", "uint"],
    ],
  },
  storage_replace: {
    category: 0,
    subType: 101,
    fields: [
      ["oldRoot", "old_root", "hash"],
      ["root", "root", "hash"],
      ["size", "size", "uint"],
      ["k", "k", "uint"],
      ["m", "m", "uint"],
      ["blocks", "blocks", "uint"],
    ],
  },
  storage_delete: { category: 0, subType: 102, fields: [["root", "root", "hash"]] },
  storage_revoke: { category: 0, subType: 103, fields: [["nonce", "nonce", "uint"]] },
  storage_record_repair: {
    category: 0,
    subType: 104,
    fields: [
      ["root", "root", "hash"],
      ["stripe", "stripe", "uint"],
      ["shard", "shard", "uint"],
      // The new holder's storage receipt for the rebuilt shard (cips/cbfs.md §11.1).
      ["shardRoot", "shard_root", "hash"],
      ["relay", "relay", "address"],
      ["chunkCount", "chunk_count", "uint"],
      ["receipt", "receipt", "bytes"],
    ],
  },
  storage_top_up: {
    category: 0,
    subType: 105,
    fields: [
      ["root", "root", "hash"],
      ["blocks", "blocks", "uint"],
    ],
  },
  // CBFS proof of retrievability at 0x0B (cips/cbfs.md §11).
  por_challenge: {
    category: 0,
    subType: 106,
    fields: [
      ["relay", "relay", "address"],
      ["volume", "volume", "hash"],
      ["shard", "shard", "hash"],
      ["chunkCount", "chunk_count", "uint"],
      ["receipt", "receipt", "bytes"],
    ],
  },
  por_respond: {
    category: 0,
    subType: 107,
    fields: [
      ["id", "id", "hash"],
      ["chunk", "chunk", "bytes"],
      ["proof", "proof", "bytes"],
    ],
  },
  // CBFS receipted holdings at 0x0A (cips/cbfs.md §11.1): a relay's storage receipt, recorded so the chain can
  // challenge that shard on its own schedule (§11.2).
  storage_record_receipt: {
    category: 0,
    subType: 108,
    fields: [
      ["root", "root", "hash"],
      ["shardRoot", "shard_root", "hash"],
      ["relay", "relay", "address"],
      ["chunkCount", "chunk_count", "uint"],
      ["receipt", "receipt", "bytes"],
    ],
  },
  // Ethereum event subscriptions (cips/interop.md; System sub_types 112–127 belong to interop).
  eth_register_oracle: {
    category: 0,
    subType: 112,
    fields: [["stake", "stake", "amount"]],
  },
  eth_unregister_oracle: {
    category: 0,
    subType: 113,
    fields: [],
  },
  eth_report_event: {
    category: 0,
    subType: 114,
    fields: [
      ["subscriptionId", "subscription_id", "hash"],
      ["contract", "contract", "address"],
      ["topics", "topics", "bytes"],
      ["data", "data", "bytes"],
      ["blockNumber", "block_number", "uint"],
      ["blockHash", "block_hash", "hash"],
      ["transactionHash", "transaction_hash", "hash"],
      ["logIndex", "log_index", "uint"],
    ],
  },
  // Oracle unbonding and slashing, wrapped assets (cips/interop.md "Unbonding and slashing", "Bridge hooks").
  eth_withdraw_oracle: { category: 0, subType: 115, fields: [] },
  eth_slash_oracle: {
    category: 0,
    subType: 116,
    fields: [
      ["first", "first", "bytes"],
      ["second", "second", "bytes"],
    ],
  },
  eth_register_asset: {
    category: 0,
    subType: 117,
    fields: [
      ["bridge", "bridge", "address"],
      ["ethToken", "eth_token", "address"],
      ["name", "name", "name"],
      ["symbol", "symbol", "name"],
      ["decimals", "decimals", "uint"],
      ["ethDecimals", "eth_decimals", "uint"],
      ["fromBlock", "from_block", "uint"],
      ["confirmations", "confirmations", "uint"],
    ],
  },
  eth_bridge_burn: {
    category: 0,
    subType: 118,
    fields: [
      ["token", "token", "uint"],
      ["amount", "amount", "amount"],
      ["ethRecipient", "eth_recipient", "address"],
    ],
  },
  // CBSS (cips/cbss.md §6–§11): the 0x04 Secrets Manager, System sub_types 128–143. Structured bodies are
  // canonical bytes of @cowboy/cbss codecs (policy, committee dealing, receipt batch, signed statement).
  cbss_proxy_register: {
    category: 0,
    subType: 128,
    fields: [
      ["stake", "stake", "amount"],
      ["blsPublicKey", "bls_public_key", "bytes"],
      ["proofOfPossession", "proof_of_possession", "bytes"],
      ["transportKey", "transport_key", "bytes"],
      ["endpoint", "endpoint", "bytes"],
    ],
  },
  cbss_proxy_exit: { category: 0, subType: 129, fields: [] },
  cbss_proxy_withdraw: { category: 0, subType: 130, fields: [] },
  cbss_publish_committee: { category: 0, subType: 131, fields: [["dealing", "dealing", "bytes"]] },
  cbss_secret_put: {
    category: 0,
    subType: 132,
    fields: [
      ["name", "name", "name"],
      ["envelope", "envelope", "bytes"],
      ["policy", "policy", "bytes"],
      ["deposit", "deposit", "amount"],
    ],
  },
  cbss_secret_rotate: {
    category: 0,
    subType: 133,
    fields: [
      ["name", "name", "name"],
      ["envelope", "envelope", "bytes"],
      ["policy", "policy", "bytes"],
    ],
  },
  cbss_secret_revoke: { category: 0, subType: 134, fields: [["name", "name", "name"]] },
  cbss_secret_top_up: {
    category: 0,
    subType: 135,
    fields: [
      ["name", "name", "name"],
      ["amount", "amount", "amount"],
    ],
  },
  cbss_submit_receipts: { category: 0, subType: 136, fields: [["receipts", "receipts", "bytes"]] },
  cbss_slash_invalid_share: { category: 0, subType: 137, fields: [["evidence", "evidence", "bytes"]] },
  cbss_slash_unauthorized_release: { category: 0, subType: 138, fields: [["evidence", "evidence", "bytes"]] },
  // The proxy committee's DKG / reshare (cips/cbss.md "DKG"; System sub_types 139–141).
  cbss_submit_dealing: {
    category: 0,
    subType: 139,
    fields: [
      ["epoch", "epoch", "uint"],
      ["dealing", "dealing", "bytes"],
    ],
  },
  cbss_submit_complaint: {
    category: 0,
    subType: 140,
    fields: [
      ["epoch", "epoch", "uint"],
      ["complaint", "complaint", "bytes"],
    ],
  },
  cbss_finalize_committee: { category: 0, subType: 141, fields: [["epoch", "epoch", "uint"]] },
  deploy_actor: {
    category: 1,
    subType: 1,
    fields: [
      ["code", "code", "bytes"],
      ["salt", "salt", "hash"],
      ["args", "args", "bytes"],
    ],
  },
  // deploy_actor with a deploy manifest (cips/actors.md "Deploy manifests"): a sub_type of its own, so a deploy without
  // one keeps the exact bytes of (1, 1).
  deploy_actor_with_manifest: {
    category: 1,
    subType: 3,
    fields: [
      ["code", "code", "bytes"],
      ["salt", "salt", "hash"],
      ["args", "args", "bytes"],
      ["manifest", "manifest", "bytes"],
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
export type DeployActorWithManifestInstruction = InstructionOf<"deploy_actor_with_manifest">;
export type EthRegisterOracleInstruction = InstructionOf<"eth_register_oracle">;
export type EthUnregisterOracleInstruction = InstructionOf<"eth_unregister_oracle">;
export type EthReportEventInstruction = InstructionOf<"eth_report_event">;
export type EthWithdrawOracleInstruction = InstructionOf<"eth_withdraw_oracle">;
export type EthSlashOracleInstruction = InstructionOf<"eth_slash_oracle">;
export type EthRegisterAssetInstruction = InstructionOf<"eth_register_asset">;
export type EthBridgeBurnInstruction = InstructionOf<"eth_bridge_burn">;
export type RegisterValidatorInstruction = InstructionOf<"register_validator">;
export type AddStakeInstruction = InstructionOf<"add_stake">;
export type ExitValidatorInstruction = InstructionOf<"exit_validator">;
export type WithdrawStakeInstruction = InstructionOf<"withdraw_stake">;
export type UnjailValidatorInstruction = InstructionOf<"unjail_validator">;
export type ClaimVestedInstruction = InstructionOf<"claim_vested">;
export type StakingSubmitDealingInstruction = InstructionOf<"staking_submit_dealing">;
export type StakingSubmitComplaintInstruction = InstructionOf<"staking_submit_complaint">;
export type ReportDoubleVoteInstruction = InstructionOf<"report_double_vote">;
export type ReportInvalidProposalInstruction = InstructionOf<"report_invalid_proposal">;
export type SetNetworkKeyInstruction = InstructionOf<"set_network_key">;
export type RunnerMarketInstruction = InstructionOf<
  | "runner_register"
  | "runner_add_stake"
  | "runner_update"
  | "runner_unbond"
  | "runner_withdraw"
  | "job_ack"
  | "job_commit"
  | "job_reveal"
  | "job_aggregate"
  | "job_challenge"
  | "job_submit"
>;
export type RentSponsorInstruction = InstructionOf<"rent_sponsor">;
export type RentRestoreInstruction = InstructionOf<"rent_restore">;
export type RentRestoreChunkInstruction = InstructionOf<"rent_restore_chunk">;
export type TokenInstruction = InstructionOf<"token_create" | "token_transfer" | "token_transfer_from" | "token_approve" | "token_mint" | "token_burn">;
export type GovProposeInstruction = InstructionOf<"gov_propose">;
export type GovVoteInstruction = InstructionOf<"gov_vote">;
export type GovCouncilInstruction = InstructionOf<"gov_council">;
export type GovDepositInstruction = InstructionOf<"gov_deposit">;

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
