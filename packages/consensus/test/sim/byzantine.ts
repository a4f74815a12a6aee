// Byzantine participants for the simulator scenarios: each rewrites what an otherwise honest engine
// sends, signing with the node's real keys, so the other engines see exactly what an attacker could
// send (cips/consensus.md, "Faults the tests cover").
import { decode, encode } from "@cowboy/codec";
import { bls, partialSign, sha256 } from "@cowboy/crypto";
import type { Context, Network, Recipients } from "@cowboy/runtime";
import { notarizeMessage, seedMessage, type Notarize, type Proposal } from "@cowboy/types";
import { CHANNELS } from "../../src/index.js";
import { proposalMessageCodec, voteMessageCodec } from "../../src/wire.js";
import { CHAIN_ID, blockCodec, type NodeKeys } from "./harness.js";

type SendHook = (net: Network, recipients: Recipients, channel: number, message: Uint8Array) => string[];

/** `ctx` with its network's send replaced by `hook` (which may send, rewrite or drop). */
export function withSend(ctx: Context, hook: SendHook): Context {
  const inner = ctx.network;
  const network: Network = {
    get self() {
      return inner.self;
    },
    send: (recipients, channel, message) => hook(inner, recipients, channel, message),
    handle: (channel, handler) => inner.handle(channel, handler),
    peers: () => inner.peers(),
    block: (peer, reason) => inner.block(peer, reason),
  };
  return { label: ctx.label, clock: ctx.clock, rng: ctx.rng, storage: ctx.storage, network };
}

function signNotarize(keys: NodeKeys, proposal: Proposal): Notarize {
  return {
    proposal,
    signer: keys.index,
    signature: bls.sign(notarizeMessage(CHAIN_ID, proposal), keys.blsSecretKey),
    seed: partialSign(bls, keys.share, seedMessage(CHAIN_ID, proposal.round)).signature,
  };
}

/** As leader, sends one valid block to half of its peers and a different valid block to the rest. */
export function equivocatingLeader(ctx: Context, keys: NodeKeys): Context {
  return withSend(ctx, (net, recipients, channel, message) => {
    if (channel !== CHANNELS.proposals) return net.send(recipients, channel, message);
    const { vote, payload } = decode(proposalMessageCodec, message);
    const block = decode(blockCodec, payload);
    const other = encode(blockCodec, { ...block, extra: Uint8Array.of(0xee) });
    const otherVote = signNotarize(keys, { ...vote.proposal, payload: sha256(other) });
    const peers = [...net.peers()].sort();
    const half = Math.ceil(peers.length / 2);
    return [...net.send(peers.slice(0, half), channel, message), ...net.send(peers.slice(half), channel, encode(proposalMessageCodec, { vote: otherVote, payload: other }))];
  });
}

/** Every notarize it sends is followed by a second, signed notarize for another block in the same view. */
export function conflictingVoter(ctx: Context, keys: NodeKeys): Context {
  return withSend(ctx, (net, recipients, channel, message) => {
    const sent = net.send(recipients, channel, message);
    if (channel === CHANNELS.votes) {
      const vote = decode(voteMessageCodec, message);
      if (vote.type === "notarize") {
        const second = signNotarize(keys, { ...vote.value.proposal, payload: sha256(vote.value.proposal.payload) });
        net.send(recipients, channel, encode(voteMessageCodec, { type: "notarize", value: second }));
      }
    }
    return sent;
  });
}

/** Every vote it sends carries a signature by the wrong key (a valid curve point that does not verify). */
export function badSigner(ctx: Context, keys: NodeKeys): Context {
  const wrongKey = sha256(keys.blsSecretKey);
  wrongKey[0] = (wrongKey[0] as number) & 0x3f;
  return withSend(ctx, (net, recipients, channel, message) => {
    if (channel !== CHANNELS.votes) return net.send(recipients, channel, message);
    const vote = decode(voteMessageCodec, message);
    const forged = bls.sign(Uint8Array.of(1, 2, 3), wrongKey);
    const bad = { ...vote, value: { ...vote.value, signature: forged } } as typeof vote;
    return net.send(recipients, channel, encode(voteMessageCodec, bad));
  });
}

/**
 * Sends everything except its finalize votes while `muted()` holds: with two such validators of four,
 * blocks are notarized but none is finalized, so a crash leaves notarized, not-final blocks in their
 * journals (what a restart must re-verify).
 */
export function finalizeMuted(muted: () => boolean): (ctx: Context, keys: NodeKeys) => Context {
  return (ctx) =>
    withSend(ctx, (net, recipients, channel, message) => {
      if (channel === CHANNELS.votes && muted() && decode(voteMessageCodec, message).type === "finalize") return [];
      return net.send(recipients, channel, message);
    });
}
