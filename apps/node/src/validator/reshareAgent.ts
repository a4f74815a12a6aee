// The validator's reshare duties in a running node (cips/staking.md "Validator duties"): after each
// committed block it (1) derives and keeps its share of the epoch's key once a reshare produced one,
// (2) deals for the next epoch's key when it holds a share of the key in force and the window is open,
// (3) complains about bad shares dealt to it. The instructions go out through `submit` (signed by the node).
import { randomBytes } from "node:crypto";
import { equalBytes } from "@cowboy/codec";
import { epochGroupKey, epochOf, groupKeyInForce, GroupKeyOutcome, openEpochShare, type StakingConfig, type StakingState } from "@cowboy/staking";
import type { Instruction } from "@cowboy/types";
import type { Logger } from "../logger.js";
import { complaintDuty } from "./complaintDuty.js";
import type { ValidatorKeys } from "./keys.js";
import { reshareDuty } from "./reshareDuty.js";
import type { ShareStore } from "./shareStore.js";

/** Blocks to wait for a submitted dealing to land before dealing again (a dropped transaction). */
export const RESUBMIT_AFTER_BLOCKS = 8n;

/** A block committed this long after its timestamp is history being caught up on: no dealing or complaint for it. */
export const STALE_BLOCK_MS = 30_000n;

export interface ReshareAgentOptions {
  readonly keys: ValidatorKeys;
  readonly chainId: bigint;
  readonly shares: ShareStore;
  readonly logger: Logger;
  /** Signs and sends the instruction as this validator's account; throws when the pool refuses it. */
  readonly submit: (instruction: Instruction) => void;
  /** Wall-clock milliseconds (default Date.now). */
  readonly now?: () => number;
}

export class ReshareAgent {
  readonly #o: ReshareAgentOptions;
  /** epoch → height its dealing was last submitted at. */
  readonly #dealt = new Map<bigint, bigint>();
  /** epoch → dealers already opened for complaints. */
  readonly #opened = new Map<bigint, Set<number>>();

  constructor(options: ReshareAgentOptions) {
    this.#o = options;
  }

  /**
   * Runs the duties against the committed state after block `height` (stamped `timestampMs`); never throws
   * (a duty failing is logged). While catching up (the block is older than STALE_BLOCK_MS) it only derives shares.
   */
  afterCommit(state: StakingState, staking: StakingConfig, height: bigint, timestampMs?: bigint): void {
    try {
      this.#deriveShare(state, staking, height);
      const now = BigInt(Math.floor((this.#o.now ?? Date.now)()));
      if (timestampMs !== undefined && now - timestampMs > STALE_BLOCK_MS) return;
      this.#deal(state, staking, height);
      this.#complain(state, staking, height);
    } catch (error) {
      this.#o.logger.warn("reshare duty failed", { height, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** (1) The epoch of the next block has a key a reshare produced, and this validator holds a place in it. */
  #deriveShare(state: StakingState, staking: StakingConfig, height: bigint): void {
    const epoch = epochOf(staking, height + 1n);
    if (this.#o.shares.has(epoch)) return;
    const record = epochGroupKey(state, epoch);
    if (record === undefined || record.outcome !== GroupKeyOutcome.Ok || record.dealings === 0n) return;
    const index = record.members.findIndex((m) => equalBytes(m, this.#o.keys.address)) + 1;
    if (index === 0) return;
    const share = openEpochShare(state, this.#o.chainId, epoch, index, this.#o.keys.blsSecretKey);
    this.#o.shares.save(epoch, share);
    this.#o.logger.info("epoch share derived", { epoch, index, threshold: record.threshold });
  }

  /** (2) A dealing for the next epoch's key, once per run (again if it has not landed after a while). */
  #deal(state: StakingState, staking: StakingConfig, height: bigint): void {
    const target = epochOf(staking, height + 1n) + 1n;
    const last = this.#dealt.get(target);
    if (last !== undefined && height < last + RESUBMIT_AFTER_BLOCKS) return;
    const inForce = groupKeyInForce(state, target - 1n);
    if (inForce === undefined) return;
    const share = this.#o.shares.shareFor(inForce, this.#o.keys.address);
    if (share === undefined) return;
    const ins = reshareDuty({ state, staking, chainId: this.#o.chainId, height, address: this.#o.keys.address, share, seed: new Uint8Array(randomBytes(32)) });
    if (ins === undefined) return;
    this.#o.submit(ins);
    this.#dealt.set(target, height);
    for (const e of this.#dealt.keys()) if (e < target) this.#dealt.delete(e);
    this.#o.logger.info("reshare dealing submitted", { epoch: target, dealer: share.index });
  }

  /** (3) Complaints about shares dealt to this validator for the next epoch's key. */
  #complain(state: StakingState, staking: StakingConfig, height: bigint): void {
    const target = epochOf(staking, height + 1n) + 1n;
    let opened = this.#opened.get(target);
    if (opened === undefined) {
      opened = new Set();
      this.#opened.set(target, opened);
      for (const e of this.#opened.keys()) if (e < target) this.#opened.delete(e);
    }
    for (const ins of complaintDuty({ state, staking, chainId: this.#o.chainId, height, address: this.#o.keys.address, blsSecretKey: this.#o.keys.blsSecretKey, opened })) {
      this.#o.submit(ins);
      this.#o.logger.warn("reshare complaint submitted", { epoch: target });
    }
  }
}
