import { decode, encode, equalBytes } from "@cowboy/codec";
import type { Context, PeerId, Timer } from "@cowboy/runtime";
import { blockCertificateCodec, type Finalization, type Nullification } from "@cowboy/types";
import type { Application, Archive } from "./application.js";
import { bridgeChain } from "./bridge-proof.js";
import { finalizationValid, notarizationValid } from "./certificates.js";
import type { LogLevel, ResolvedOptions } from "./options.js";
import type { ViewState } from "./rounds.js";
import type { ValidatorSet } from "./validators.js";
import { CHANNELS, resolverMessageCodec, type ResolvedView } from "./wire.js";

// The resolver (cips/consensus.md, "Sync"): fetches the certificate and block of a view this node
// needs (to deliver a finalized chain, or to see that a view was nullified) from one peer at a time,
// moving to the next validator after `fetchMs` or an "unknown" answer; serves the same from its
// views and, below the finalized view, from the application's Archive. At most MAX_OUTSTANDING
// views are in flight, and at most MAX_SERVING_PER_PEER answers per peer are being prepared; answers
// nobody asked for are ignored, so no peer can make it grow. A node that learns of a later epoch than its engine's
// asks for its own epoch's last block and finalization (`epochEnd`, cips/consensus.md "Catching up").

const MAX_OUTSTANDING = 16;
/** Requests one peer may have this node answering at once; more are dropped (the asker retries elsewhere). */
const MAX_SERVING_PER_PEER = 4;
/** Earlier epochs whose bridge chain is kept once read. */
const BRIDGE_CACHE = 4;

/** What the resolver needs of the engine. */
export interface ResolverHost {
  readonly set: ValidatorSet;
  readonly ctx: Context;
  readonly app: Application;
  readonly archive: Archive;
  readonly cfg: ResolvedOptions;
  readonly finalizedView: bigint;
  readonly views: ReadonlyMap<bigint, ViewState>;
  readonly isRunning: boolean;
  stateAt(view: bigint): ViewState;
  latestFinalization(): Finalization | undefined;
  onNullification(c: Nullification, from: PeerId | undefined): void;
  onFinalization(c: Finalization, from: PeerId | undefined): void;
  blockPeer(peer: PeerId, code: string, message: string): void;
  scheduleDelivery(): void;
  log(level: LogLevel, message: string, fields: Record<string, unknown>): void;
}

interface Wanted {
  id: bigint;
  attempts: number;
  timer: Timer | undefined;
}

export class Resolver {
  private readonly host: ResolverHost;
  private readonly wanted = new Map<bigint, Wanted>();
  private nextId = 1n;
  private readonly start: number;
  private readonly serving = new Map<PeerId, number>();
  /** The outstanding epochEnd request: its id and retry timer (one at a time). */
  private epochEnd: { id: bigint; attempts: number; timer: Timer } | undefined;
  private catchUpAttempts = 0;
  /** Bridge chains read from earlier epochs' journals (bridgeOf). */
  private readonly bridges = new Map<bigint, Promise<Array<{ view: bigint; answer: ResolvedView }> | undefined>>();

  constructor(host: ResolverHost) {
    this.host = host;
    this.start = host.ctx.rng.below(host.set.validators.length);
  }

  /** Asks peers for `view` unless it is already being fetched (or too much is). */
  want(view: bigint): void {
    if (!this.host.isRunning || this.wanted.has(view) || this.wanted.size >= MAX_OUTSTANDING) return;
    const w: Wanted = { id: 0n, attempts: 0, timer: undefined };
    this.wanted.set(view, w);
    this.ask(view, w);
  }

  private ask(view: bigint, w: Wanted): void {
    w.timer?.cancel();
    const self = this.host.ctx.network.self;
    const peers = this.host.set.validators.map((v) => v.peer).filter((p) => p !== self);
    if (peers.length === 0 || !this.host.isRunning) {
      this.wanted.delete(view);
      return;
    }
    const peer = peers[(this.start + w.attempts) % peers.length] as PeerId;
    w.attempts++;
    w.id = this.nextId++;
    this.host.ctx.network.send([peer], CHANNELS.resolver, encode(resolverMessageCodec, { type: "request", value: { id: w.id, view } }));
    w.timer = this.host.ctx.clock.schedule(this.host.cfg.timeouts.fetchMs, () => this.ask(view, w));
  }

  private done(view: bigint): void {
    this.wanted.get(view)?.timer?.cancel();
    this.wanted.delete(view);
  }

  prune(finalizedView: bigint): void {
    for (const view of [...this.wanted.keys()]) if (view <= finalizedView) this.done(view);
  }

  stop(): void {
    for (const view of [...this.wanted.keys()]) this.done(view);
    this.epochEnd?.timer.cancel();
    this.epochEnd = undefined;
  }

  /**
   * A later epoch exists (a peer's vote, certificate or latest finalization says so): ask one peer at a time for
   * this epoch's last block and its finalization; the finalization makes delivery fetch the rest view by view.
   */
  catchUp(): void {
    if (!this.host.isRunning || this.epochEnd !== undefined) return;
    const self = this.host.ctx.network.self;
    const peers = this.host.set.validators.map((v) => v.peer).filter((p) => p !== self);
    if (peers.length === 0) return;
    const attempts = (this.catchUpAttempts += 1);
    const id = this.nextId++;
    const peer = peers[(this.start + attempts) % peers.length] as PeerId;
    // Cleared after fetchMs: a later sign of a later epoch asks the next peer.
    const timer = this.host.ctx.clock.schedule(this.host.cfg.timeouts.fetchMs, () => {
      if (this.epochEnd?.id === id) this.epochEnd = undefined;
    });
    this.epochEnd = { id, attempts, timer };
    this.host.ctx.network.send([peer], CHANNELS.resolver, encode(resolverMessageCodec, { type: "epochEnd", value: { id, epoch: this.host.set.epoch } }));
  }

  /**
   * The archived last block of `epoch` with its finalization; when a bridge block's finalization made it final (its
   * archived certificate is a notarization), the last block followed by the bridge chain up to that finalization,
   * from this node's journal of the epoch (bridge-proof.ts). The finalization comes last.
   */
  private async epochEndOf(epoch: bigint): Promise<Array<{ view: bigint; answer: ResolvedView }> | undefined> {
    const last = this.host.cfg.epochLastHeight?.(epoch);
    if (last === undefined || this.host.archive.byHeight === undefined) return undefined;
    const archived = await this.host.archive.byHeight(last);
    if (archived === undefined) return undefined;
    const certificate = decode(blockCertificateCodec, archived.certificate);
    if (certificate.value.proposal.round.epoch !== epoch) return undefined;
    const end = { view: archived.view, answer: { type: "block", value: { certificate, payload: archived.payload } } as const };
    if (certificate.type === "finalization") return [end];
    const bridge = await this.bridgeOf(epoch, archived.view);
    return bridge === undefined ? undefined : [end, ...bridge];
  }

  /**
   * The bridge chain of a finished epoch, read from its journal once (the journal no longer changes, and a second
   * concurrent open of it would be refused): kept for the last BRIDGE_CACHE epochs asked for.
   */
  private bridgeOf(epoch: bigint, lastView: bigint): Promise<Array<{ view: bigint; answer: ResolvedView }> | undefined> {
    const journal = this.host.cfg.epochJournal?.(epoch);
    if (journal === undefined) return Promise.resolve(undefined);
    let chain = this.bridges.get(epoch);
    if (chain === undefined) {
      chain = bridgeChain(this.host.ctx.storage, journal, lastView);
      this.bridges.set(epoch, chain);
      chain.catch(() => this.bridges.delete(epoch)); // a failed read is tried again next time
      for (const old of this.bridges.keys()) if (this.bridges.size > BRIDGE_CACHE) this.bridges.delete(old);
    }
    return chain;
  }

  onMessage(from: PeerId, bytes: Uint8Array): void {
    const msg = decode(resolverMessageCodec, bytes);
    if (this.host.set.indexOf(from) === undefined && msg.type === "response") return;
    if (msg.type === "request" || msg.type === "epochEnd") {
      const busy = this.serving.get(from) ?? 0;
      if (busy >= MAX_SERVING_PER_PEER) return;
      this.serving.set(from, busy + 1);
      (msg.type === "request" ? this.serve(from, msg.value.id, msg.value.view) : this.serveEpochEnd(from, msg.value.id, msg.value.epoch))
        .catch((err: unknown) => this.host.log("error", "serving a view failed", { request: msg.type, error: String(err) }))
        .finally(() => {
          const left = (this.serving.get(from) ?? 1) - 1;
          if (left <= 0) this.serving.delete(from);
          else this.serving.set(from, left);
        });
    } else this.onResponse(from, msg.value.id, msg.value.view, msg.value.answer, msg.value.latestFinalization);
  }

  private async serve(from: PeerId, id: bigint, view: bigint): Promise<void> {
    const answer = await this.answerFor(view);
    if (!this.host.isRunning) return;
    const message = encode(resolverMessageCodec, {
      type: "response",
      value: { id, view, answer, latestFinalization: this.host.latestFinalization() ?? null },
    });
    this.host.ctx.network.send([from], CHANNELS.resolver, message);
  }

  private async serveEpochEnd(from: PeerId, id: bigint, epoch: bigint): Promise<void> {
    if (epoch >= this.host.set.epoch) return;
    const end = await this.epochEndOf(epoch);
    if (end === undefined || !this.host.isRunning) return;
    for (const { view, answer } of end) {
      this.host.ctx.network.send([from], CHANNELS.resolver, encode(resolverMessageCodec, { type: "response", value: { id, view, answer, latestFinalization: null } }));
    }
  }

  private async answerFor(view: bigint): Promise<ResolvedView> {
    const s = this.host.views.get(view);
    const certified = s?.finalization ?? s?.notarization;
    if (s !== undefined && certified !== undefined && s.payload !== undefined && s.proposal !== undefined && equalBytes(s.proposal.payload, certified.proposal.payload)) {
      const certificate = s.finalization !== undefined ? ({ type: "finalization", value: s.finalization } as const) : ({ type: "notarization", value: certified } as const);
      return { type: "block", value: { certificate, payload: s.payload } };
    }
    if (s?.nullification !== undefined) return { type: "nullified", value: s.nullification };
    if (view <= this.host.finalizedView && view > 0n) {
      const archived = await this.host.archive.byView(view);
      if (archived !== undefined) return { type: "block", value: { certificate: decode(blockCertificateCodec, archived.certificate), payload: archived.payload } };
    }
    return { type: "unknown", value: {} };
  }

  private onResponse(from: PeerId, id: bigint, view: bigint, answer: ResolvedView, latest: Finalization | null): void {
    if (latest !== null) {
      if (latest.proposal.round.epoch > this.host.set.epoch) this.catchUp();
      else this.host.onFinalization(latest, from);
    }
    if (this.epochEnd?.id === id) {
      this.onEpochEnd(from, view, answer);
      return;
    }
    const w = this.wanted.get(view);
    if (w === undefined || w.id !== id) return;
    if (answer.type === "unknown") {
      this.ask(view, w);
      return;
    }
    if (answer.type === "nullified") {
      if (answer.value.round.view !== view) {
        this.host.blockPeer(from, "WRONG_ANSWER", `asked for view ${view}, answered ${answer.value.round.view}`);
        return;
      }
      this.done(view);
      this.host.onNullification(answer.value, from);
      return;
    }
    if (answer.value.certificate.value.proposal.round.epoch !== this.host.set.epoch) {
      // Certified in another epoch (the peer's archive across a boundary): not this engine's to check; ask another.
      this.ask(view, w);
      return;
    }
    if (!this.verified(from, view, answer.value)) return;
    this.done(view);
    if (this.adopt(view, answer.value)) this.host.scheduleDelivery();
  }

  /** True when the answer for `view` is this epoch's valid certificate of that view with its block; else the peer is blocked. */
  private verified(from: PeerId, view: bigint, { certificate, payload }: BlockAnswer): boolean {
    const proposal = certificate.value.proposal;
    const valid = certificate.type === "finalization" ? finalizationValid(this.host.set, certificate.value) : notarizationValid(this.host.set, certificate.value);
    if (proposal.round.epoch === this.host.set.epoch && proposal.round.view === view && valid && equalBytes(this.host.app.digest(payload), proposal.payload)) return true;
    this.host.blockPeer(from, "WRONG_ANSWER", `answer for view ${view} does not verify`);
    return false;
  }

  /**
   * Holds a verified certified block for `view` (above the finalized view); false when it is already final here. A
   * finalization the engine is to adopt itself (onFinalization) is not held here (`hold` false).
   */
  private adopt(view: bigint, { certificate, payload }: BlockAnswer, hold = true): boolean {
    if (view <= this.host.finalizedView) return false;
    const proposal = certificate.value.proposal;
    const s = this.host.stateAt(view);
    if (hold && certificate.type === "finalization") s.finalization ??= certificate.value;
    else if (hold) s.notarization ??= certificate.value;
    if (hold) s.seed ??= certificate.value.seed;
    if (s.proposal === undefined || !equalBytes(s.proposal.payload, proposal.payload) || s.proposal.parent !== proposal.parent) {
      s.verified = false;
      s.height = undefined;
    }
    s.proposal = proposal;
    s.payload = payload;
    return true;
  }

  /**
   * This epoch's end from a peer ahead of us: its last block and, after any bridge blocks, the finalization that
   * made it final (the last answer). Each is checked and held; the finalization is adopted and delivery runs up to
   * the last block. The request stays open until its timer, so every answer of the sequence is taken.
   */
  private onEpochEnd(from: PeerId, view: bigint, answer: ResolvedView): void {
    if (answer.type !== "block" || answer.value.certificate.value.proposal.round.epoch !== this.host.set.epoch) return;
    const { certificate } = answer.value;
    if (!this.verified(from, view, answer.value) || !this.adopt(view, answer.value, certificate.type === "notarization")) return;
    if (certificate.type === "finalization") this.host.onFinalization(certificate.value, from);
  }
}

type BlockAnswer = Extract<ResolvedView, { type: "block" }>["value"];
