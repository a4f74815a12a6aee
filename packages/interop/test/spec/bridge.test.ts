// test-vectors/interop/bridge.json (cips/interop.md "Bridge hooks", "Unbonding and slashing"): instruction bytes and
// intrinsic costs, the Locked topic, what a Locked log mints, an unlock request's bytes, equivocation evidence.
import { readVector } from "@cowboy/checks/vectors";
import { decode, encode, fromHex, toHex } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import { instructionCodec, instructionFromJson, instructionToJson } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { checkEquivocation, decodeLock, decodeUnlock, encodeUnlock, InteropError, LOCKED_TOPIC, type WrappedAsset } from "../../src/index.js";

interface Vector {
  instructions: { json: unknown; encoded: string; cycles: string; cells: string }[];
  locked_topic: string;
  locked_signature: string;
  lock: { scale: string; cases: { name: string; topics: string[]; data: string; recipient?: string; amount?: string; error?: string }[] };
  unlock: { fields: Record<string, string>; encoded: string };
  equivocation: { chain_id: string; first: string; second: string; oracle: string; evidence_id: string; not_evidence: { first: string; second: string } };
}
const v = readVector<Vector>("interop/bridge.json");

describe("bridge vectors", () => {
  it.each(v.instructions.map((c) => [(c.json as { type: string }).type, c] as const))("%s: JSON ↔ bytes, intrinsic costs", (_t, c) => {
    const ins = instructionFromJson(c.json as Parameters<typeof instructionFromJson>[0]);
    expect(toHex(encode(instructionCodec, ins))).toBe(c.encoded);
    expect(instructionToJson(decode(instructionCodec, fromHex(c.encoded)))).toEqual(c.json);
    const cost = instructionIntrinsicCosts(ins);
    expect([cost.cycles.toString(), cost.cells.toString()]).toEqual([c.cycles, c.cells]);
  });

  it("LOCKED_TOPIC is keccak256 of the event signature", () => {
    expect(toHex(LOCKED_TOPIC)).toBe(v.locked_topic);
    expect(toHex(keccak256(new TextEncoder().encode(v.locked_signature)))).toBe(v.locked_topic);
  });

  const asset: WrappedAsset = {
    subscription: new Uint8Array(32),
    token: 7n,
    bridge: new Uint8Array(20).fill(0xbb),
    ethToken: new Uint8Array(20).fill(0x55),
    scale: BigInt(v.lock.scale),
    minted: 0n,
    burned: 0n,
  };
  it.each(v.lock.cases.map((c) => [c.name, c] as const))("Locked log: %s", (_n, c) => {
    const log = {
      contract: asset.bridge,
      topics: c.topics.map(fromHex),
      data: fromHex(c.data),
      blockNumber: 1n,
      blockHash: new Uint8Array(32),
      transactionHash: new Uint8Array(32),
      logIndex: 0n,
    };
    if (c.error !== undefined) {
      expect(() => decodeLock(asset, log)).toThrow(InteropError);
      try {
        decodeLock(asset, log);
      } catch (e) {
        expect((e as InteropError).code).toBe(c.error);
      }
    } else {
      const m = decodeLock(asset, log);
      expect([toHex(m.recipient), m.amount.toString()]).toEqual([c.recipient, c.amount]);
    }
  });

  it("an unlock request's canonical CBOR", () => {
    const f = v.unlock.fields;
    const u = {
      sequence: BigInt(f.sequence!),
      token: BigInt(f.token!),
      bridge: fromHex(f.bridge!),
      ethToken: fromHex(f.eth_token!),
      holder: fromHex(f.holder!),
      ethRecipient: fromHex(f.eth_recipient!),
      amount: BigInt(f.amount!),
      ethAmount: BigInt(f.eth_amount!),
      height: BigInt(f.height!),
    };
    expect(toHex(encodeUnlock(u))).toBe(v.unlock.encoded);
    expect(decodeUnlock(fromHex(v.unlock.encoded))).toEqual(u);
  });

  it("equivocation evidence convicts the signer; a reorg pair is no evidence", () => {
    const e = v.equivocation;
    const chain = BigInt(e.chain_id);
    const out = checkEquivocation(fromHex(e.first), fromHex(e.second), chain);
    expect([toHex(out.oracle), toHex(out.evidenceId)]).toEqual([e.oracle, e.evidence_id]);
    expect(() => checkEquivocation(fromHex(e.not_evidence.first), fromHex(e.not_evidence.second), chain)).toThrow(InteropError);
    expect(() => checkEquivocation(fromHex(e.first), fromHex(e.second), chain + 1n)).toThrow(InteropError);
  });
});
