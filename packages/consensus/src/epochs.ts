import type { ConsensusBlock } from "./application.js";
import { createConsensus } from "./engine.js";
import { ConsensusError } from "./errors.js";
import type { EngineOptions, SelfKeys } from "./options.js";
import type { Consensus, ConsensusStatus } from "./status.js";
import { createValidatorSet, type ValidatorSet, type ValidatorSetOptions } from "./validators.js";

// Epochs (cips/consensus.md "Epochs"; cips/staking.md "The consensus switch"): one engine per epoch. The
// engine of epoch e finalizes exactly e's heights; once its last block is delivered (and committed by the
// application) it is stopped and the engine of e + 1 starts from that block, with e + 1's set, group key,
// this node's keys in it and a journal of its own. A node (re)starting runs the epoch of its next block.

/** What one epoch's engine runs with. */
export interface EpochPlan {
  /** The set; its `epoch` is the epoch being run, even when members and key continue an earlier epoch's. */
  readonly set: ValidatorSetOptions;
  /** This node's keys in the set (its index, BLS key and share of the set's key); absent: it follows without voting. */
  readonly self?: SelfKeys;
  /** The epoch's last height; absent: the engine runs without end (a chain without epochs). */
  readonly lastHeight?: bigint;
}

/** Where epochs begin and what each runs with (the node answers from its committed state). */
export interface EpochSchedule {
  /** The epoch whose engine finalizes the block at `height`. */
  epochOf(height: bigint): bigint;
  /** The plan of `epoch`, read when the previous epoch's last block is committed; throwing makes the switch wait and retry. */
  plan(epoch: bigint): EpochPlan;
  /** The last height of `epoch` without reading state (serves a node catching up across epochs); absent: not served. */
  lastHeightOf?(epoch: bigint): bigint;
}

export type EpochConsensusOptions = Omit<
  EngineOptions,
  "chainId" | "epoch" | "validators" | "threshold" | "commitments" | "self" | "lastHeight" | "epochLastHeight" | "epochJournal"
> & {
  readonly schedule: EpochSchedule;
  /** Called after each epoch's engine started (logs, the network's allow list). */
  readonly onEpoch?: (epoch: bigint, set: ValidatorSet, self: number | undefined) => void;
  /** Milliseconds between attempts when a plan cannot be made (default 1000). */
  readonly retryMs?: number;
};

/** The engines of successive epochs, one at a time. */
export interface EpochConsensus extends Consensus {
  /** The epoch being run. */
  readonly epoch: bigint;
  /** The running epoch's set. */
  readonly validators: ValidatorSet;
  /** This node's index in the running set, if it votes. */
  readonly self: number | undefined;
  /** The set of `epoch` (the running one, or one read from the schedule and kept): certificates cast in it verify with it. */
  setOf(epoch: bigint): ValidatorSet;
  status(): ConsensusStatus & { readonly epoch: bigint };
}

export function createEpochConsensus(opts: EpochConsensusOptions): EpochConsensus {
  return new EpochRunner(opts);
}

/** Journal of `epoch`'s engine: the base name for epoch 0 (a chain without epochs keeps its journal), else base-eN. */
export function epochJournalName(base: string, epoch: bigint): string {
  return epoch === 0n ? base : `${base}-e${epoch}`;
}

class EpochRunner implements EpochConsensus {
  readonly #o: EpochConsensusOptions;
  readonly #sets = new Map<bigint, ValidatorSet>();
  #engine: Consensus | undefined;
  #engineRunning = false;
  #plan: EpochPlan | undefined;
  #epoch = 0n;
  #switching: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(opts: EpochConsensusOptions) {
    this.#o = opts;
  }

  get epoch(): bigint {
    return this.#epoch;
  }

  get validators(): ValidatorSet {
    return this.setOf(this.#epoch);
  }

  get self(): number | undefined {
    return this.#plan?.self?.index;
  }

  setOf(epoch: bigint): ValidatorSet {
    let set = this.#sets.get(epoch);
    if (set === undefined) {
      const options = epoch === this.#epoch && this.#plan !== undefined ? this.#plan.set : this.#o.schedule.plan(epoch).set;
      set = createValidatorSet({ ...options, ...(this.#o.bls === undefined ? {} : { bls: this.#o.bls }) });
      this.#sets.set(epoch, set);
    }
    return set;
  }

  async start(): Promise<void> {
    if (this.#engine !== undefined || this.#stopped) throw new ConsensusError("INVALID_STATE", "start: already started");
    const tip = this.#o.archive.tip();
    await this.#run(this.#o.schedule.epochOf((tip?.height ?? 0n) + 1n));
  }

  async stop(): Promise<void> {
    if (this.#stopped) throw new ConsensusError("INVALID_STATE", "stop: already stopped");
    this.#stopped = true;
    await this.#switching;
    if (this.#engineRunning) await this.#engine?.stop();
    this.#engineRunning = false;
  }

  status(): ConsensusStatus & { readonly epoch: bigint } {
    if (this.#engine === undefined) throw new ConsensusError("INVALID_STATE", "status: not started");
    return { ...this.#engine.status(), epoch: this.#epoch };
  }

  async #run(epoch: bigint, plan: EpochPlan = this.#o.schedule.plan(epoch)): Promise<void> {
    if (plan.set.epoch !== epoch) throw new ConsensusError("INVALID_CONFIG", `the plan of epoch ${epoch} names epoch ${plan.set.epoch}`);
    const app = this.#o.application;
    const engine = createConsensus({
      ...this.#o,
      chainId: plan.set.chainId,
      epoch,
      validators: plan.set.validators,
      threshold: plan.set.threshold,
      commitments: plan.set.commitments,
      ...(plan.self === undefined ? {} : { self: plan.self }),
      ...(plan.lastHeight === undefined ? {} : { lastHeight: plan.lastHeight }),
      ...(this.#o.schedule.lastHeightOf === undefined ? {} : { epochLastHeight: (e: bigint) => this.#o.schedule.lastHeightOf!(e) }),
      journalName: epochJournalName(this.#o.journalName ?? "consensus", epoch),
      epochJournal: (e: bigint) => epochJournalName(this.#o.journalName ?? "consensus", e),
      application: {
        genesis: () => app.genesis(),
        digest: (payload) => app.digest(payload),
        propose: (ctx) => app.propose(ctx),
        verify: (ctx, payload) => app.verify(ctx, payload),
        notarized: (block) => app.notarized?.(block),
        finalized: async (block: ConsensusBlock) => {
          await app.finalized(block);
          if (plan.lastHeight !== undefined && block.height === plan.lastHeight) this.#queueSwitch(block.height);
        },
      },
    });
    this.#epoch = epoch;
    this.#plan = plan;
    this.#sets.delete(epoch);
    for (const e of this.#sets.keys()) if (e + 1n < epoch) this.#sets.delete(e);
    this.#engine = engine;
    await engine.start();
    this.#engineRunning = true;
    this.#o.onEpoch?.(epoch, this.validators, plan.self?.index);
  }

  #queueSwitch(lastHeight: bigint): void {
    this.#switching = this.#switching
      .then(() => this.#switch(lastHeight))
      .catch((error: unknown) => this.#o.hooks?.log?.("error", "epoch switch failed", { error: String(error) }));
  }

  /** The running epoch's last block is committed: the next epoch's engine takes over from it. */
  async #switch(lastHeight: bigint): Promise<void> {
    if (this.#stopped) return;
    const next = this.#o.schedule.epochOf(lastHeight + 1n);
    let plan: EpochPlan;
    try {
      plan = this.#o.schedule.plan(next);
    } catch (error) {
      this.#o.hooks?.log?.("error", "cannot plan the next epoch; retrying", { epoch: next, error: String(error) });
      this.#o.context.clock.schedule(this.#o.retryMs ?? 1_000, () => this.#queueSwitch(lastHeight));
      return;
    }
    this.#engineRunning = false;
    await this.#engine?.stop();
    if (this.#stopped) return;
    this.#o.hooks?.log?.("info", "epoch switch", { from: this.#epoch, to: next, validators: plan.set.validators.length, voting: plan.self !== undefined });
    await this.#run(next, plan);
  }
}
