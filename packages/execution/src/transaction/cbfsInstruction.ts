// The CBFS control-plane instructions (cips/cbfs.md §7, §11.1): System sub_types 96–105 and 108 call the 0x0B Relay Registry
// and 0x0A Storage Manager state machines of @cowboy/cbfs, and move the balances they name (stakes into and
// out of 0x0B, rent into and refunds out of 0x0A; a delete or replace first pays the
// holders the rent accrued up to its height, cips/cbfs.md §7.1). A refusal reverts with `<code>: <message>`.
import {
  CbfsChainError,
  DEFAULT_CBFS_CHAIN_CONFIG,
  RELAY_REGISTRY_ADDRESS,
  STORAGE_MANAGER_ADDRESS,
  type ChainStore,
  anchorVolume,
  closeVolumeRent,
  deleteVolume,
  exitRelay,
  getRelay,
  getVolume,
  heartbeat,
  recordHolding,
  recordRepair,
  registerRelay,
  replaceVolume,
  revokeCapToken,
  topUpRent,
  withdrawRelay,
} from "@cowboy/cbfs";
import type { InstructionOf } from "@cowboy/types";
import { type InstructionContext, type InstructionResult, reverted, succeeded } from "./instruction.js";

type CbfsInstruction = InstructionOf<
  | "relay_register"
  | "relay_heartbeat"
  | "relay_exit"
  | "relay_withdraw"
  | "storage_anchor"
  | "storage_replace"
  | "storage_delete"
  | "storage_revoke"
  | "storage_record_repair"
  | "storage_top_up"
  | "storage_record_receipt"
>;

const holdingRequest = (ins: InstructionOf<"storage_record_repair" | "storage_record_receipt">) => ({
  volume: ins.root,
  shard: ins.shardRoot,
  relay: ins.relay,
  chunkCount: small(ins.chunkCount, "chunk_count", 0xffff_ffff),
  receipt: ins.receipt,
});

const small = (v: bigint, name: string, max: number): number => {
  if (v > BigInt(max)) throw new CbfsChainError("INVALID_VOLUME", `${name} ${v} exceeds ${max}`);
  return Number(v);
};

export function cbfsInstruction(ctx: InstructionContext, ins: CbfsInstruction): InstructionResult {
  const store: ChainStore = ctx.state;
  const cfg = ctx.params.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG;
  const height = ctx.env.height;
  const from = ctx.tx.from;
  // Moves `amount` from `payer`, reverting (not throwing) when its balance after the pre-charge is short.
  const pay = (payer: Uint8Array, to: Uint8Array, amount: bigint): void => {
    if (ctx.accounts.get(payer).balance < amount) throw new CbfsChainError("INVALID_VOLUME", `balance does not cover ${amount}`);
    ctx.accounts.debit(payer, amount);
    ctx.accounts.credit(to, amount);
  };
  try {
    switch (ins.type) {
      case "relay_register": {
        registerRelay(store, height, from, { stake: ins.stake, capacity: ins.capacity, endpoint: new TextDecoder("utf-8", { fatal: true }).decode(ins.endpoint) }, cfg);
        pay(from, RELAY_REGISTRY_ADDRESS, ins.stake);
        break;
      }
      case "relay_heartbeat":
        heartbeat(store, height, from);
        break;
      case "relay_exit":
        exitRelay(store, height, from);
        break;
      case "relay_withdraw":
        pay(RELAY_REGISTRY_ADDRESS, from, withdrawRelay(store, height, from, cfg));
        break;
      case "storage_anchor": {
        const req = { root: ins.root, size: ins.size, k: small(ins.k, "k", 256), m: small(ins.m, "m", 256), blocks: ins.blocks };
        pay(from, STORAGE_MANAGER_ADDRESS, anchorVolume(store, height, from, req, cfg));
        break;
      }
      case "storage_replace": {
        // The old volume's holders are paid up to this height first (cips/cbfs.md §7.1).
        for (const p of closeVolumeRent(store, ins.oldRoot, height, cfg)) pay(STORAGE_MANAGER_ADDRESS, p.relay, p.amount);
        const req = { root: ins.root, size: ins.size, k: small(ins.k, "k", 256), m: small(ins.m, "m", 256), blocks: ins.blocks };
        pay(from, STORAGE_MANAGER_ADDRESS, replaceVolume(store, height, from, ins.oldRoot, req, cfg));
        break;
      }
      case "storage_delete": {
        for (const p of closeVolumeRent(store, ins.root, height, cfg)) pay(STORAGE_MANAGER_ADDRESS, p.relay, p.amount);
        const { refund, owner } = deleteVolume(store, height, from, ins.root, cfg);
        pay(STORAGE_MANAGER_ADDRESS, owner, refund);
        break;
      }
      case "storage_revoke":
        revokeCapToken(store, height, from, ins.nonce);
        break;
      case "storage_record_repair": {
        const v = getVolume(store, ins.root);
        const isOwner = v?.owner.every((b, i) => b === from[i]) === true;
        if (v !== undefined && !isOwner && getRelay(store, from) === undefined) throw new CbfsChainError("NOT_OWNER", "only the owner or a registered relay records a repair");
        recordRepair(store, ins.root, ins.stripe, small(ins.shard, "shard", 255));
        recordHolding(store, height, holdingRequest(ins));
        break;
      }
      case "storage_record_receipt":
        recordHolding(store, height, holdingRequest(ins));
        break;
      case "storage_top_up":
        pay(from, STORAGE_MANAGER_ADDRESS, topUpRent(store, ins.root, ins.blocks, cfg));
        break;
    }
  } catch (error) {
    if (error instanceof CbfsChainError) return reverted(ctx, `${error.code}: ${error.message}`);
    if (error instanceof TypeError && ins.type === "relay_register") return reverted(ctx, "INVALID_RELAY: endpoint is not UTF-8");
    throw error;
  }
  return succeeded(ctx);
}
