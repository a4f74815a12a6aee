import { decode, encode, equalBytes, isCodecError } from "@cowboy/codec";
import { partialSign, sha256, type Bls } from "@cowboy/crypto";
import type { Context, Journal, PeerId } from "@cowboy/runtime";
import {
  blockCertificateCodec,
  finalizeMessage,
  type BlockCertificate,
  notarizeMessage,
  nullifyMessage,
  seedMessage,
  type Finalization,
  type Finalize,
  type Notarization,
  type Notarize,
  type Nullification,
  type Nullify,
  type Proposal,
} from "@cowboy/types";
import type { Application, Archive, BlockContext, ConsensusBlock } from "./application.js";
import { assembleFinalization, assembleNotarization, assembleNullification, widenCertificate } from "./assemble.js";
import { signatureSets, verifyBatch } from "./batch.js";
import { finalizationValid, notarizationValid, nullificationValid } from "./certificates.js";
import { ConsensusError } from "./errors.js";
import { EquivocationWatch } from "./equivocation.js";
import { walkFinalized } from "./finality.js";
import { appendEntry, replayEntries, type JournalEntry } from "./journal.js";
import { selectLeader } from "./leader.js";
import { resolveEngineOptions, type EngineOptions, type Hooks, type LogLevel, type ResolvedOptions, type SelfKeys } from "./options.js";
import { Resolver } from "./resolver.js";
import { sameProposal, ViewState } from "./rounds.js";
import type { Consensus, ConsensusStatus } from "./status.js";
import { createValidatorSet, type ValidatorSet } from "./validators.js";
import { hasCertificateFor, isLateVote, VoteBuffer, voteView } from "./votes.js";
import {
  CHANNELS,
  MAX_PAYLOAD_BYTES,
  certificateMessageCodec,
  proposalMessageCodec,
  voteMessageCodec,
  type CertificateMessage,
  type ProposalMessage,
  type VoteMessage,
} from "./wire.js";

// The Simplex engine (cips/consensus.md, "Protocol"): enter a view on a certificate of the previous
// one; the leader (sampled by stake from the previous seed) proposes on the highest notarized block
// with every later view nullified; voters re-apply the block and notarize; a notarization makes
// everyone finalize (unless they nullified) and move on; a timeout makes them nullify and keep
// rebroadcasting nullify with their best certificate. Finalizations deliver blocks in order.

interface Anchor {
  readonly view: bigint;
  readonly digest: Uint8Array;
  readonly height: bigint;
  readonly certificate: Uint8Array;
  readonly seenAt: number | undefined;
}

/** Creates a Simplex engine; `start()` it. */
export function createConsensus(opts: EngineOptions): Consensus {
  return new SimplexEngine(opts);
}

class SimplexEngine implements Consensus {
  readonly set: ValidatorSet;
  readonly cfg: ResolvedOptions;
  readonly ctx: Context;
  readonly app: Application;
  readonly archive: Archive;
  readonly self: SelfKeys | undefined;
  private readonly hooks: Hooks;
  private readonly bls: Bls;
  private readonly stakes: bigint[];
  private readonly resolver: Resolver;
  private journal: Journal | undefined;
  private running = false;
  private stopped = false;
  view = 0n;
  readonly views = new Map<bigint, ViewState>();
  finalizedView = 0n;
  finalizedHeight = 0n;
  finalizedDigest: Uint8Array;
  private notarizedView = 0n;
  private bestFinalization: Finalization | undefined;
  private readonly votes: VoteBuffer;
  private delivery: Promise<void> = Promise.resolve();
  private delivering = false;
  private redeliver = false;
  private readonly helpedFinal = new Map<PeerId, bigint>();
  /** The finalization of the anchor when it ends an earlier epoch: what a peer still voting in that epoch lacks. */
  private handover: Finalization | undefined;
  private readonly helpedHandover = new Set<PeerId>();
  private readonly equivocations: EquivocationWatch;
  private readonly doubleSign: { done: boolean } | undefined;

  constructor(opts: EngineOptions) {
    this.cfg = resolveEngineOptions(opts);
    this.set = createValidatorSet({
      chainId: opts.chainId,
      epoch: opts.epoch,
      validators: opts.validators,
      threshold: opts.threshold,
      commitments: opts.commitments,
      ...(opts.bls === undefined ? {} : { bls: opts.bls }),
    });
    this.bls = this.set.bls;
    this.ctx = opts.context;
    this.app = opts.application;
    this.archive = opts.archive;
    this.hooks = opts.hooks ?? {};
    this.self = opts.self;
    if (this.self !== undefined) {
      const i = this.self.index;
      const v = this.set.validators[i];
      if (v === undefined) throw new ConsensusError("INVALID_CONFIG", `self.index ${i} is not a validator index`);
      if (!equalBytes(this.bls.getPublicKey(this.self.blsSecretKey), v.blsPublicKey)) {
        throw new ConsensusError("INVALID_CONFIG", `self.blsSecretKey does not match validators[${i}].blsPublicKey`);
      }
      if (this.self.share.index !== i + 1) throw new ConsensusError("INVALID_CONFIG", `self.share.index must be self.index + 1 (${i + 1})`);
    }
    this.stakes = this.set.validators.map((v) => v.stake);
    this.equivocations = new EquivocationWatch(this.set, (e) => {
      this.log("warn", "double vote", { conflict: e.round.view, signer: e.signer, kind: e.kind });
      this.hooks.equivocation?.(e);
    });
    this.doubleSign = opts.testDoubleSign;
    this.finalizedDigest = new Uint8Array(32);
    this.resolver = new Resolver(this);
    this.votes = new VoteBuffer({
      set: this.set,
      clock: this.ctx.clock,
      views: this.views,
      finalizedView: () => this.finalizedView,
      metric: (e) => this.metric(e),
      blockPeer: (peer, code, message) => this.blockPeer(peer, code, message),
      accept: (votes) => this.acceptVotes(votes),
    });
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  async start(): Promise<void> {
    if (this.running || this.stopped) throw new ConsensusError("INVALID_STATE", "start: the engine was already started");
    this.running = true;
    const tip = this.archive.tip();
    this.finalizedView = tip?.view ?? 0n;
    this.finalizedHeight = tip?.height ?? 0n;
    this.finalizedDigest = tip?.digest ?? this.app.genesis();
    if (tip !== undefined) await this.loadAnchor(tip.view);
    this.journal = await this.ctx.storage.journal(this.cfg.journalName);
    let next = this.finalizedView + 1n;
    for (const { view, entry } of replayEntries(this.journal)) {
      if (view < this.finalizedView) continue;
      this.restore(view, entry);
      // A certificate of a view moves past it; our own vote in a view (without one) keeps us in it.
      const certified = entry.type === "notarization" || entry.type === "nullification" || entry.type === "finalization";
      const candidate = certified ? view + 1n : entry.type === "block" ? 0n : view;
      if (candidate > next) next = candidate;
    }
    this.restoreHeights();
    const net = this.ctx.network;
    net.handle(CHANNELS.votes, (from, m) => this.guard(from, () => this.onVoteMessage(from, m)));
    net.handle(CHANNELS.certificates, (from, m) => this.guard(from, () => this.onCertificateMessage(from, m)));
    net.handle(CHANNELS.proposals, (from, m) => this.guard(from, () => this.onProposalMessage(from, m)));
    net.handle(CHANNELS.resolver, (from, m) => this.guard(from, () => this.resolver.onMessage(from, m)));
    this.log("info", "started", { finalizedView: this.finalizedView, finalizedHeight: this.finalizedHeight, entering: next });
    this.enterView(next);
    this.afterProgress();
    this.scheduleDelivery();
  }

  async stop(): Promise<void> {
    if (!this.running) throw new ConsensusError("INVALID_STATE", "stop: the engine is not running");
    this.running = false;
    this.stopped = true;
    for (const ch of Object.values(CHANNELS)) this.ctx.network.handle(ch, () => {});
    for (const s of this.views.values()) s.cancelTimers();
    this.votes.stop();
    this.resolver.stop();
    await this.delivery;
    await this.journal?.close();
  }

  status(): ConsensusStatus {
    const notarized = this.views.get(this.notarizedView);
    return {
      view: this.view,
      leader: this.views.get(this.view)?.leader,
      notarizedView: this.notarizedView > this.finalizedView ? this.notarizedView : this.finalizedView,
      notarizedHeight: this.notarizedView > this.finalizedView ? notarized?.height : this.finalizedHeight,
      finalizedView: this.finalizedView,
      finalizedHeight: this.finalizedHeight,
      voting: this.self !== undefined,
    };
  }

  latestFinalization(): Finalization | undefined {
    return this.bestFinalization;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /**
   * The anchor's certificate and seed, from the archive: its first child carries the certificate and the
   * next leader is drawn from the seed, and an engine starting an epoch (or one whose journal was pruned)
   * never held that view itself. The archive holds only blocks this node finalized, so nothing is re-verified.
   */
  private async loadAnchor(view: bigint): Promise<void> {
    const archived = await this.archive.byView(view);
    if (archived === undefined || archived.certificate.length === 0) return;
    const cert = decode(blockCertificateCodec, archived.certificate);
    const s = this.stateAt(view);
    if (cert.type === "finalization") {
      s.finalization ??= cert.value;
      this.bestFinalization ??= cert.value;
      if (cert.value.proposal.round.epoch < this.set.epoch) this.handover = cert.value;
    } else s.notarization ??= cert.value;
    s.seed ??= cert.value.seed;
  }

  /** A peer still voting in an earlier epoch lacks the finalization that ended it: send it once. */
  private helpPreviousEpoch(from: PeerId): void {
    if (this.handover === undefined || this.helpedHandover.has(from)) return;
    this.helpedHandover.add(from);
    this.sendCertificate([from], { type: "finalization", value: this.handover });
  }

  /**
   * True when this engine must not build or vote on a child of `parent`: only once its epoch's last block is
   * delivered (the engine is being replaced). Before that, children above the last height are bridge blocks
   * (cips/consensus.md "Epochs"): voted on like any block, so a descendant's finalization can finalize the
   * last block when its own finalization never forms, but never delivered.
   */
  private pastLast(parent: Anchor): boolean {
    return this.cfg.lastHeight !== undefined && parent.height >= this.cfg.lastHeight && this.finalizedHeight >= this.cfg.lastHeight;
  }

  /** Heights of replayed blocks, from the finalized anchor up (a block's parent precedes it). */
  private restoreHeights(): void {
    for (const view of [...this.views.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      const s = this.views.get(view) as ViewState;
      if (!s.verified || s.proposal === undefined) continue;
      const parent = s.proposal.parent;
      const parentHeight = parent === this.finalizedView ? this.finalizedHeight : this.views.get(parent)?.height;
      if (parentHeight !== undefined && (parent === this.finalizedView || this.views.get(parent)?.verified === true)) s.height = parentHeight + 1n;
      else s.verified = false;
    }
  }

  /** Replays one journal entry into the view states (own votes, certificates, blocks). */
  private restore(view: bigint, entry: JournalEntry): void {
    const s = this.stateAt(view);
    switch (entry.type) {
      case "notarize":
        s.votedNotarize = true;
        s.notarizes.set(entry.value.signer, entry.value);
        break;
      case "nullify":
        s.votedNullify = true;
        s.nullifies.set(entry.value.signer, entry.value);
        break;
      case "finalize":
        s.votedFinalize = true;
        s.finalizes.set(entry.value.signer, entry.value);
        break;
      case "notarization":
        s.notarization = entry.value;
        s.seed = entry.value.seed;
        if (view > this.notarizedView) this.notarizedView = view;
        break;
      case "nullification":
        s.nullification = entry.value;
        s.seed = entry.value.seed;
        break;
      case "finalization":
        s.finalization = entry.value;
        s.seed = entry.value.seed;
        if (this.bestFinalization === undefined || view > this.bestFinalization.proposal.round.view) this.bestFinalization = entry.value;
        break;
      case "block":
        // The payload is kept, but the application lost whatever it derived from verifying it (a
        // node's state fork lives in memory): it is verified again, parents first, before anything
        // builds on it or votes for its children (afterProgress at the end of start).
        s.proposal = entry.value.proposal;
        s.payload = entry.value.payload;
        break;
    }
  }

  // ---- plumbing -----------------------------------------------------------------------------

  log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
    this.hooks.log?.(level, message, { node: this.ctx.label, view: this.view, ...fields });
  }

  metric(event: Parameters<NonNullable<Hooks["metric"]>>[0]): void {
    this.hooks.metric?.(event);
  }

  /** Runs a message handler; a message that does not decode blocks its sender. */
  private guard(from: PeerId, fn: () => void): void {
    if (!this.running) return;
    try {
      fn();
    } catch (err) {
      // Only a decoding failure is the sender's fault; anything else is ours (or the application's) to report.
      if (isCodecError(err)) this.blockPeer(from, "MALFORMED_MESSAGE", `undecodable message (${err.code})`);
      else this.log("error", "message handler failed", { peer: from, error: String(err) });
    }
  }

  /** Runs an async step whose failure (the application's or the journal's) is logged, never unhandled. */
  private spawn(step: string, work: Promise<unknown>): void {
    work.catch((err: unknown) => this.log("error", `${step} failed`, { error: String(err) }));
  }

  blockPeer(peer: PeerId, code: string, message: string): void {
    this.log("warn", "blocking peer", { peer, code, reason: message });
    this.metric({ type: "blocked", peer, code });
    this.ctx.network.block(peer, { code, message });
  }

  /** The state of `view`, created when inside the window (finalized view .. current + maxViewsAhead]. */
  stateOf(view: bigint): ViewState | undefined {
    const s = this.views.get(view);
    if (s !== undefined) return s;
    if (view <= this.finalizedView || view > this.view + BigInt(this.cfg.maxViewsAhead)) return undefined;
    return this.stateAt(view);
  }

  stateAt(view: bigint): ViewState {
    let s = this.views.get(view);
    if (s === undefined) {
      s = new ViewState(view);
      this.views.set(view, s);
    }
    return s;
  }

  private journalAppend(view: bigint, entry: JournalEntry): void {
    if (this.journal !== undefined && this.running) appendEntry(this.journal, view, entry);
  }

  private async journalSync(): Promise<void> {
    const started = this.ctx.clock.now();
    await this.journal?.sync();
    this.metric({ type: "journal-sync", ms: this.ctx.clock.now() - started });
  }

  broadcast(channel: number, message: Uint8Array): void {
    if (this.running) this.ctx.network.send("all", channel, message);
  }

  private sendCertificate(to: readonly PeerId[] | "all", cert: CertificateMessage): void {
    if (this.running) this.ctx.network.send(to, CHANNELS.certificates, encode(certificateMessageCodec, cert));
  }

  // ---- views, leaders, timeouts -------------------------------------------------------------

  /** The seed of `view` (empty for view 0, the chain's start), if known. */
  seedOf(view: bigint): Uint8Array | undefined {
    if (view === 0n) return new Uint8Array(0);
    return this.views.get(view)?.seed;
  }

  private enterView(view: bigint): void {
    if (view <= this.view || !this.running) return;
    this.views.get(this.view)?.cancelTimers();
    this.view = view;
    this.metric({ type: "view", view });
    const s = this.stateAt(view);
    const seed = this.seedOf(view - 1n);
    if (seed !== undefined) s.leader = selectLeader(this.stakes, this.set.epoch, view, seed);
    const { leaderMs, notarizationMs } = this.cfg.timeouts;
    s.timers.push(this.ctx.clock.schedule(leaderMs, () => s.proposal === undefined && this.timeout(s)));
    s.timers.push(this.ctx.clock.schedule(notarizationMs, () => s.notarization === undefined && s.finalization === undefined && this.timeout(s)));
    if (this.self !== undefined && s.leader === this.self.index && !s.votedNotarize && !s.votedNullify) this.schedulePropose(s);
    for (const [from, msg] of s.early) this.acceptProposal(from, msg);
    s.early.clear();
    // Drop buffered future views that the new window no longer covers from below.
    this.tryVerify(s);
  }

  private timeout(s: ViewState): void {
    if (!this.running || s.view !== this.view || this.self === undefined) return;
    if (!s.votedNullify) {
      this.log("debug", "view timed out", { timedOut: s.view, leader: s.leader });
      this.spawn("nullify", this.voteNullify(s));
    }
    s.timers.push(this.ctx.clock.schedule(this.cfg.timeouts.nullifyRetryMs, () => this.retryNullify(s)));
  }

  /** NEW_VIEW (spec §6.1): rebroadcast our nullify with the best certificates we hold. */
  private retryNullify(s: ViewState): void {
    if (!this.running || s.view !== this.view) return;
    const own = this.self === undefined ? undefined : s.nullifies.get(this.self.index);
    if (own !== undefined && s.votedNullify) this.broadcast(CHANNELS.votes, encode(voteMessageCodec, { type: "nullify", value: own }));
    const prev = this.views.get(s.view - 1n);
    if (prev?.notarization !== undefined) this.sendCertificate("all", { type: "notarization", value: prev.notarization });
    if (prev?.nullification !== undefined) this.sendCertificate("all", { type: "nullification", value: prev.nullification });
    if (this.bestFinalization !== undefined) this.sendCertificate("all", { type: "finalization", value: this.bestFinalization });
    s.timers.push(this.ctx.clock.schedule(this.cfg.timeouts.nullifyRetryMs, () => this.retryNullify(s)));
  }

  // ---- proposing ----------------------------------------------------------------------------

  /**
   * The block a proposal in `view` must extend: the highest view below it with a notarization (or
   * the finalized anchor) such that every view in between is nullified; undefined while a view in
   * between has neither certificate.
   */
  parentFor(view: bigint): Anchor | undefined {
    for (let w = view - 1n; w >= this.finalizedView; w--) {
      const s = this.views.get(w);
      const cert = s?.finalization ?? s?.notarization;
      if (s !== undefined && cert !== undefined && w > this.finalizedView) {
        const certificate = this.widestCertificate(s);
        return { view: w, digest: cert.proposal.payload, height: s.height ?? -1n, certificate, seenAt: s.proposalSeenAt };
      }
      if (w === this.finalizedView) {
        const c = s?.finalization ?? s?.notarization;
        const certificate = w === 0n || c === undefined || s === undefined ? new Uint8Array(0) : this.widestCertificate(s);
        return { view: w, digest: this.finalizedDigest, height: this.finalizedHeight, certificate, seenAt: s?.proposalSeenAt };
      }
      if (s?.nullification === undefined) return undefined;
    }
    return undefined;
  }

  /** The view's finalization (else notarization) with every late vote this node holds added, encoded for a child's header. */
  private widestCertificate(s: ViewState): Uint8Array {
    if (s.finalization !== undefined) return encode(blockCertificateCodec, { type: "finalization", value: widenCertificate(this.set, s.finalization, s.finalizes) });
    return encode(blockCertificateCodec, { type: "notarization", value: widenCertificate(this.set, s.notarization as Notarization, s.notarizes) });
  }

  /** The highest view below `view` (and above the finalized one) with no certificate at all. */
  private firstGap(view: bigint): bigint | undefined {
    for (let w = view - 1n; w > this.finalizedView; w--) {
      const s = this.views.get(w);
      if (s?.notarization !== undefined || s?.finalization !== undefined) return undefined;
      if (s?.nullification === undefined) return w;
    }
    return undefined;
  }

  /** True when this node may build on (or vote for a child of) `anchor`. */
  private buildable(anchor: Anchor): boolean {
    if (anchor.view === this.finalizedView) return true;
    const s = this.views.get(anchor.view);
    return s?.verified === true && s.height !== undefined && s.proposal !== undefined && equalBytes(s.proposal.payload, anchor.digest);
  }

  private contextFor(view: bigint, leader: number, parent: Anchor): BlockContext {
    return {
      round: { epoch: this.set.epoch, view },
      leader,
      parent: { view: parent.view, digest: parent.digest },
      parentHeight: parent.height,
      parentCertificate: parent.certificate,
      beacon: this.seedOf(view - 1n) ?? new Uint8Array(0),
    };
  }

  /**
   * A parent above view 0 whose certificate this node does not hold (the archive lacked the anchor's): a child would
   * carry none, honest voters would refuse it, and its header would prove a defect that jails this leader
   * (cips/staking.md "Invalid proposals"). The view is left to time out instead.
   */
  private uncertified(parent: Anchor): boolean {
    return parent.view > 0n && parent.certificate.length === 0;
  }

  private schedulePropose(s: ViewState): void {
    const parent = this.parentFor(s.view);
    if (parent === undefined || !this.buildable(parent) || this.pastLast(parent)) return;
    if (this.uncertified(parent)) {
      this.log("warn", "not proposing: the parent's certificate is not held", { view: s.view, parent: parent.view });
      return;
    }
    const due = parent.seenAt === undefined ? 0 : parent.seenAt + this.cfg.blockTimeMs - this.ctx.clock.now();
    if (due > 0) {
      s.timers.push(this.ctx.clock.schedule(due, () => this.spawn("propose", this.propose(s))));
    } else {
      this.spawn("propose", this.propose(s));
    }
  }

  private async propose(s: ViewState): Promise<void> {
    const self = this.self;
    if (self === undefined || !this.running || s.view !== this.view || s.votedNotarize || s.votedNullify || s.proposal !== undefined || s.proposing) return;
    const parent = this.parentFor(s.view);
    if (parent === undefined || !this.buildable(parent) || this.pastLast(parent) || this.uncertified(parent)) return;
    s.proposing = true;
    const built = await this.app.propose(this.contextFor(s.view, self.index, parent));
    if (built === undefined || !this.running || s.view !== this.view || s.votedNotarize || s.votedNullify || s.proposal !== undefined) return;
    if (built.payload.length > MAX_PAYLOAD_BYTES || built.digest.length !== 32) {
      this.log("error", "application built an oversized block or a bad digest", { bytes: built.payload.length });
      return;
    }
    const proposal: Proposal = { round: { epoch: this.set.epoch, view: s.view }, parent: parent.view, payload: built.digest };
    s.proposal = proposal;
    s.payload = built.payload;
    s.verified = true;
    s.height = parent.height + 1n;
    s.proposalSeenAt = this.ctx.clock.now();
    this.journalAppend(s.view, { type: "block", value: { proposal, payload: built.payload } });
    const vote = await this.castNotarize(s, proposal);
    if (vote === undefined) return;
    this.log("debug", "proposed", { proposed: s.view, parent: parent.view, height: s.height });
    this.broadcast(CHANNELS.proposals, encode(proposalMessageCodec, { vote, payload: built.payload }));
  }

  // ---- voting -------------------------------------------------------------------------------

  /** Signs, journals, syncs and records our notarize; the caller sends it. */
  private async castNotarize(s: ViewState, proposal: Proposal): Promise<Notarize | undefined> {
    const self = this.self;
    if (self === undefined || s.votedNotarize || s.votedNullify) return undefined;
    s.votedNotarize = true;
    const vote: Notarize = {
      proposal,
      signer: self.index,
      signature: this.bls.sign(notarizeMessage(this.set.chainId, proposal), self.blsSecretKey),
      seed: partialSign(this.bls, self.share, seedMessage(this.set.chainId, proposal.round)).signature,
    };
    this.journalAppend(s.view, { type: "notarize", value: vote });
    await this.journalSync();
    if (!this.running) return undefined;
    s.notarizes.set(self.index, vote);
    this.checkCertificates(s);
    return vote;
  }

  private async voteNullify(s: ViewState): Promise<void> {
    const self = this.self;
    if (self === undefined || s.votedNullify || s.votedFinalize) return;
    s.votedNullify = true;
    const round = { epoch: this.set.epoch, view: s.view };
    const vote: Nullify = {
      round,
      signer: self.index,
      signature: this.bls.sign(nullifyMessage(this.set.chainId, round), self.blsSecretKey),
      seed: partialSign(this.bls, self.share, seedMessage(this.set.chainId, round)).signature,
    };
    this.journalAppend(s.view, { type: "nullify", value: vote });
    await this.journalSync();
    if (!this.running) return;
    this.broadcast(CHANNELS.votes, encode(voteMessageCodec, { type: "nullify", value: vote }));
    s.nullifies.set(self.index, vote);
    this.checkCertificates(s);
  }

  private async voteFinalize(s: ViewState, proposal: Proposal): Promise<void> {
    const self = this.self;
    if (self === undefined || s.votedNullify || s.votedFinalize) return;
    s.votedFinalize = true;
    const vote: Finalize = { proposal, signer: self.index, signature: this.bls.sign(finalizeMessage(this.set.chainId, proposal), self.blsSecretKey) };
    this.journalAppend(s.view, { type: "finalize", value: vote });
    await this.journalSync();
    if (!this.running) return;
    this.broadcast(CHANNELS.votes, encode(voteMessageCodec, { type: "finalize", value: vote }));
    s.finalizes.set(self.index, vote);
    if (this.doubleSign !== undefined && !this.doubleSign.done) {
      this.doubleSign.done = true;
      const other: Proposal = { ...proposal, payload: sha256(proposal.payload) };
      const second: Finalize = { proposal: other, signer: self.index, signature: this.bls.sign(finalizeMessage(this.set.chainId, other), self.blsSecretKey) };
      this.log("warn", "test: double-signing", { doubleSigned: s.view });
      // Not a view timer: the view is usually final (and its timers cancelled) before it fires.
      this.ctx.clock.schedule(300, () => this.broadcast(CHANNELS.votes, encode(voteMessageCodec, { type: "finalize", value: second })));
    }
    this.checkCertificates(s);
  }

  // ---- proposals ----------------------------------------------------------------------------

  private onProposalMessage(from: PeerId, bytes: Uint8Array): void {
    const msg = decode(proposalMessageCodec, bytes);
    this.acceptProposal(from, msg);
  }

  private acceptProposal(from: PeerId, msg: ProposalMessage): void {
    const { vote, payload } = msg;
    const round = vote.proposal.round;
    const sender = this.set.indexOf(from);
    if (sender === undefined || round.epoch !== this.set.epoch) return;
    const s = this.stateOf(round.view);
    if (s === undefined) return;
    if (s.leader === undefined) {
      if (s.early.size < this.set.validators.length) s.early.set(from, msg);
      return;
    }
    if (vote.signer !== s.leader || sender !== s.leader) {
      this.blockPeer(from, "NOT_LEADER", `proposal for view ${round.view} from validator ${sender}, leader is ${s.leader}`);
      return;
    }
    if (s.proposal !== undefined && !(s.payload === undefined && sameProposal(s.proposal, vote.proposal))) {
      if (!sameProposal(s.proposal, vote.proposal)) this.log("warn", "equivocating leader", { equivocated: round.view, leader: s.leader });
      return;
    }
    if (!equalBytes(this.app.digest(payload), vote.proposal.payload)) {
      this.blockPeer(from, "INVALID_PAYLOAD", `payload of view ${round.view} does not hash to its proposal`);
      return;
    }
    const checked = verifyBatch(this.bls, [{ item: vote, sets: signatureSets(this.set, { type: "notarize", value: vote }) }]);
    this.metric({ type: "batch", size: 1, invalid: checked.invalid.length });
    if (checked.invalid.length > 0) {
      this.blockPeer(from, "INVALID_SIGNATURE", `leader's notarize for view ${round.view} does not verify`);
      return;
    }
    s.proposal = vote.proposal;
    s.payload = payload;
    s.proposalSeenAt ??= this.ctx.clock.now();
    if (!s.notarizes.has(vote.signer)) s.notarizes.set(vote.signer, vote);
    this.checkCertificates(s);
    this.tryVerify(s);
  }

  /**
   * Re-applies the block of `s` once its parent is known and buildable. In the current view this
   * ends in our notarize (or a nullify if the block is invalid); in an earlier notarized view it
   * only marks the block verified, so this node can build on it.
   */
  tryVerify(s: ViewState): void {
    // A follower never votes or builds, so it never needs to re-apply a block before it is final.
    if (this.self === undefined) return;
    if (!this.running || s.proposal === undefined || s.payload === undefined || s.verified || s.verifying) return;
    const voting = s.view === this.view && !s.votedNotarize && !s.votedNullify;
    const certified = s.certifiedProposal();
    if (!voting && (certified === undefined || !sameProposal(certified, s.proposal))) return;
    const proposal = s.proposal;
    const parent = this.parentFor(s.view);
    if (parent === undefined) {
      const gap = this.firstGap(s.view);
      if (gap !== undefined) this.resolver.want(gap);
      return;
    }
    if (parent.view !== proposal.parent) {
      // The leader skipped a notarized view or built on one we cannot see as the latest: refuse.
      if (voting && parent.view > proposal.parent) this.spawn("nullify", this.voteNullify(s));
      return;
    }
    if (!this.buildable(parent) || s.leader === undefined || this.pastLast(parent)) return;
    s.verifying = true;
    const payload = s.payload;
    this.spawn(
      "verify",
      this.app.verify(this.contextFor(s.view, s.leader, parent), payload).then(
        (digest) => this.onVerified(s, proposal, payload, parent, digest),
        (err: unknown) => {
          s.verifying = false;
          throw err;
        },
      ),
    );
  }

  private async onVerified(s: ViewState, proposal: Proposal, payload: Uint8Array, parent: Anchor, digest: Uint8Array | undefined): Promise<void> {
    s.verifying = false;
    if (!this.running || s.proposal !== proposal) return;
    if (digest === undefined || !equalBytes(digest, proposal.payload)) {
      this.log("warn", "invalid proposal", { invalid: s.view, leader: s.leader });
      this.reportRefused(s, proposal, payload);
      if (s.view === this.view) await this.voteNullify(s);
      return;
    }
    s.verified = true;
    s.height = parent.height + 1n;
    this.journalAppend(s.view, { type: "block", value: { proposal, payload } });
    if (s.view === this.view) {
      const vote = await this.castNotarize(s, proposal);
      if (vote !== undefined) this.broadcast(CHANNELS.votes, encode(voteMessageCodec, { type: "notarize", value: vote }));
    }
    this.afterProgress();
  }

  /** Hands the refused proposal and its leader's verified notarize vote to the node (hooks.refusedProposal). */
  private reportRefused(s: ViewState, proposal: Proposal, payload: Uint8Array): void {
    const leader = s.leader === undefined ? undefined : this.set.validators[s.leader];
    const vote = s.leader === undefined ? undefined : s.notarizes.get(s.leader);
    if (leader === undefined || vote === undefined || !sameProposal(vote.proposal, proposal)) return;
    this.hooks.refusedProposal?.({
      round: proposal.round,
      parent: proposal.parent,
      payload,
      signature: vote.signature,
      leader: vote.signer,
      address: leader.address,
      blsPublicKey: leader.blsPublicKey,
    });
  }

  /** Something became buildable: the current view's proposal (or its leader duty) may now proceed. */
  private afterProgress(): void {
    for (const [view, s] of this.views) if (view < this.view && s.notarization !== undefined && !s.verified) this.tryVerify(s);
    const cur = this.views.get(this.view);
    if (cur === undefined) return;
    this.tryVerify(cur);
    if (this.self !== undefined && cur.leader === this.self.index && cur.proposal === undefined && !cur.votedNullify) this.schedulePropose(cur);
  }

  // ---- votes --------------------------------------------------------------------------------

  private onVoteMessage(from: PeerId, bytes: Uint8Array): void {
    const vote = decode(voteMessageCodec, bytes);
    const epoch = vote.type === "nullify" ? vote.value.round.epoch : vote.value.proposal.round.epoch;
    if (epoch !== this.set.epoch) {
      // Signer indices are the sender's epoch's: another epoch's vote is never checked here. A later epoch's
      // vote says this node is behind by at least one boundary: fetch this epoch's end.
      if (epoch < this.set.epoch) this.helpPreviousEpoch(from);
      else this.resolver.catchUp();
      return;
    }
    const signer = vote.value.signer;
    const sender = this.set.indexOf(from);
    if (sender === undefined) return;
    if (sender !== signer) {
      this.blockPeer(from, "NOT_SIGNER", `validator ${sender} sent a vote signed as ${signer}`);
      return;
    }
    const round = vote.type === "nullify" ? vote.value.round : vote.value.proposal.round;
    const view = round.view;
    this.equivocations.observe(vote);
    const known = this.views.get(view);
    const stale = view <= this.finalizedView || (view < this.view && (known?.notarization !== undefined || known?.nullification !== undefined));
    if (stale) this.helpLagging(from, known);
    // A late vote for the finalized anchor's view still widens the certificate its child carries.
    if (view < this.finalizedView || (view === this.finalizedView && (known === undefined || !isLateVote(known, vote)))) return;
    const s = view === this.finalizedView ? known : this.stateOf(view);
    if (s === undefined) return;
    const have = vote.type === "notarize" ? s.notarizes.get(signer) : vote.type === "nullify" ? s.nullifies.get(signer) : s.finalizes.get(signer);
    if (have !== undefined) {
      if (vote.type !== "nullify" && !sameProposal((have as Notarize).proposal, vote.value.proposal)) {
        this.log("warn", "conflicting votes", { conflict: view, signer, kind: vote.type });
      }
      return;
    }
    // A vote whose certificate is already held adds nothing but a late signer: drop the rest unverified.
    if (hasCertificateFor(s, vote) && !isLateVote(s, vote)) return;
    this.votes.add(from, vote);
  }

  /** A peer voting in a view we have a certificate for is behind: send it what moves it on. */
  private helpLagging(from: PeerId, known: ViewState | undefined): void {
    if (known !== undefined && !known.helped.has(from)) {
      known.helped.add(from);
      if (known.finalization !== undefined) this.sendCertificate([from], { type: "finalization", value: known.finalization });
      else if (known.notarization !== undefined) this.sendCertificate([from], { type: "notarization", value: known.notarization });
      if (known.nullification !== undefined) this.sendCertificate([from], { type: "nullification", value: known.nullification });
    }
    const best = this.bestFinalization;
    if (best !== undefined && (this.helpedFinal.get(from) ?? -1n) < best.proposal.round.view) {
      this.helpedFinal.set(from, best.proposal.round.view);
      this.sendCertificate([from], { type: "finalization", value: best });
    }
  }

  /** Records votes the buffer verified, then builds any certificate they complete. */
  private acceptVotes(votes: readonly VoteMessage[]): void {
    const touched = new Set<ViewState>();
    for (const vote of votes) {
      const view = voteView(vote);
      const s = view === this.finalizedView ? this.views.get(view) : this.stateOf(view);
      if (s === undefined) continue;
      const map: Map<number, Notarize | Nullify | Finalize> = vote.type === "notarize" ? s.notarizes : vote.type === "nullify" ? s.nullifies : s.finalizes;
      if (!map.has(vote.value.signer)) map.set(vote.value.signer, vote.value);
      touched.add(s);
    }
    for (const s of touched) this.checkCertificates(s);
  }

  /** Builds any certificate the view's votes now support. */
  private checkCertificates(s: ViewState): void {
    if (!this.running) return;
    if (s.notarization === undefined && s.finalization === undefined && s.notarizes.size > 0) {
      const c = assembleNotarization(this.set, s);
      if (c !== undefined) this.onNotarization(c, undefined);
    }
    if (s.nullification === undefined && s.nullifies.size > 0) {
      const c = assembleNullification(this.set, s);
      if (c !== undefined) this.onNullification(c, undefined);
    }
    if (s.finalization === undefined && s.finalizes.size > 0) {
      const c = assembleFinalization(this.set, s);
      if (c !== undefined) this.onFinalization(c, undefined);
    }
  }

  // ---- certificates -------------------------------------------------------------------------

  private onCertificateMessage(from: PeerId, bytes: Uint8Array): void {
    const cert = decode(certificateMessageCodec, bytes);
    // Another epoch's certificate is not this engine's to check (a peer a boundary ahead or behind): ignored, but a
    // later epoch's makes this node fetch its own epoch's end (cips/consensus.md "Catching up").
    const epoch = cert.type === "nullification" ? cert.value.round.epoch : cert.value.proposal.round.epoch;
    if (epoch > this.set.epoch) this.resolver.catchUp();
    if (epoch !== this.set.epoch) return;
    if (cert.type === "notarization") this.onNotarization(cert.value, from);
    else if (cert.type === "nullification") this.onNullification(cert.value, from);
    else this.onFinalization(cert.value, from);
  }

  /** A notarization, assembled here (from = undefined) or received from `from`. */
  onNotarization(c: Notarization, from: PeerId | undefined): void {
    const view = c.proposal.round.view;
    if (c.proposal.round.epoch !== this.set.epoch) return;
    const s = this.stateOf(view);
    if (s === undefined || s.notarization !== undefined || s.finalization !== undefined) return;
    if (from !== undefined && !notarizationValid(this.set, c)) {
      this.blockPeer(from, "INVALID_CERTIFICATE", `notarization of view ${view} does not verify`);
      return;
    }
    s.notarization = c;
    s.seed ??= c.seed;
    this.adoptCertified(s, c.proposal);
    this.journalAppend(view, { type: "notarization", value: c });
    if (from === undefined) this.sendCertificate("all", { type: "notarization", value: c });
    if (view > this.notarizedView) this.notarizedView = view;
    this.metric({ type: "notarized", view, height: s.height ?? -1n });
    if (s.payload !== undefined && s.height !== undefined) this.app.notarized?.(this.blockOf(s, { type: "notarization", value: c }));
    this.spawn("finalize", this.voteFinalize(s, c.proposal));
    this.enterView(view + 1n);
    this.afterProgress();
  }

  onNullification(c: Nullification, from: PeerId | undefined): void {
    const view = c.round.view;
    if (c.round.epoch !== this.set.epoch) return;
    const s = this.stateOf(view);
    if (s === undefined || s.nullification !== undefined) return;
    if (from !== undefined && !nullificationValid(this.set, c)) {
      this.blockPeer(from, "INVALID_CERTIFICATE", `nullification of view ${view} does not verify`);
      return;
    }
    s.nullification = c;
    s.seed ??= c.seed;
    this.journalAppend(view, { type: "nullification", value: c });
    if (from === undefined) this.sendCertificate("all", { type: "nullification", value: c });
    this.metric({ type: "nullified", view });
    this.enterView(view + 1n);
    this.afterProgress();
  }

  onFinalization(c: Finalization, from: PeerId | undefined): void {
    const view = c.proposal.round.view;
    if (view <= this.finalizedView || c.proposal.round.epoch !== this.set.epoch) return;
    if (this.views.get(view)?.finalization !== undefined) return;
    if (from !== undefined && !finalizationValid(this.set, c)) {
      this.blockPeer(from, "INVALID_CERTIFICATE", `finalization of view ${view} does not verify`);
      return;
    }
    // Accepted even far ahead of the window: a valid finalization is how a lagging node learns where the chain is.
    const s = this.stateAt(view);
    s.finalization = c;
    s.seed ??= c.seed;
    this.adoptCertified(s, c.proposal);
    this.journalAppend(view, { type: "finalization", value: c });
    if (from === undefined) this.sendCertificate("all", { type: "finalization", value: c });
    if (this.bestFinalization === undefined || view > this.bestFinalization.proposal.round.view) this.bestFinalization = c;
    if (view > this.notarizedView) this.notarizedView = view;
    this.enterView(view + 1n);
    this.scheduleDelivery();
    this.afterProgress();
  }

  /** A certificate fixes the view's proposal: a different block we held for it is dropped. */
  private adoptCertified(s: ViewState, proposal: Proposal): void {
    if (s.proposal !== undefined && sameProposal(s.proposal, proposal)) return;
    s.proposal = proposal;
    s.payload = undefined;
    s.verified = false;
    s.height = undefined;
  }

  blockOf(s: ViewState, certificate: BlockCertificate): ConsensusBlock {
    const proposal = s.certifiedProposal() ?? (s.proposal as Proposal);
    return {
      view: s.view,
      parentView: proposal.parent,
      height: s.height ?? -1n,
      digest: proposal.payload,
      payload: s.payload as Uint8Array,
      certificate: encode(blockCertificateCodec, certificate),
    };
  }

  // ---- finality and delivery ----------------------------------------------------------------

  scheduleDelivery(): void {
    if (this.delivering) {
      this.redeliver = true;
      return;
    }
    this.delivering = true;
    this.delivery = this.deliver()
      .catch((err: unknown) => this.log("error", "delivery failed", { error: String(err) }))
      .finally(() => {
        this.delivering = false;
        if (this.redeliver && this.running) {
          this.redeliver = false;
          this.scheduleDelivery();
        }
      });
  }

  /**
   * Delivers, in order, every block from the finalized anchor up to the best finalization: walks
   * parents back from it, fetching any block or certificate not held, then hands them to the
   * application one by one.
   */
  private async deliver(): Promise<void> {
    const target = this.bestFinalization;
    if (target === undefined || !this.running || target.proposal.round.view <= this.finalizedView) return;
    const walk = walkFinalized(this.views, target.proposal.round.view, this.finalizedView);
    if (walk.type === "missing") {
      this.resolver.want(walk.view);
      return;
    }
    if (walk.type === "conflict") {
      this.log("error", "finalized chain does not reach the finalized anchor", { anchor: this.finalizedView, reached: walk.reached });
      return;
    }
    for (const s of walk.chain) {
      if (!this.running) return;
      const height = this.finalizedHeight + 1n;
      // A bridge block's finalization made the epoch's last block final: deliver up to it, never past it.
      if (this.cfg.lastHeight !== undefined && height > this.cfg.lastHeight) break;
      s.height ??= height;
      const cert =
        s.finalization !== undefined ? ({ type: "finalization", value: s.finalization } as const) : ({ type: "notarization", value: s.notarization as Notarization } as const);
      const block = { ...this.blockOf(s, cert), height };
      await this.app.finalized(block);
      this.finalizedView = s.view;
      this.finalizedHeight = height;
      this.finalizedDigest = block.digest;
      this.metric({
        type: "finalized",
        view: s.view,
        height,
        latencyMs: s.proposalSeenAt === undefined ? undefined : this.ctx.clock.now() - s.proposalSeenAt,
      });
    }
    await this.prune();
    this.afterProgress();
  }

  /** Forgets views below the finalized one, in memory and in the journal. */
  private async prune(): Promise<void> {
    for (const view of this.views.keys()) if (view < this.finalizedView) this.views.get(view)?.cancelTimers();
    for (const view of [...this.views.keys()]) if (view < this.finalizedView) this.views.delete(view);
    this.resolver.prune(this.finalizedView);
    this.equivocations.prune(this.finalizedView > 64n ? this.finalizedView - 64n : 0n);
    if (this.running && this.journal !== undefined) await this.journal.prune(this.finalizedView);
  }
}
