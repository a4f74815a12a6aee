// The `actors` namespace: read-only calls, code and storage with proofs.
import { cborJsonOf, fromHex } from "@cowboy/codec";
import { blockCycleCapacity } from "@cowboy/fee-market";
import { actorCodeKey, actorStorageKey, encodeProof } from "@cowboy/state";
import { z } from "zod";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import { runCall } from "../../query/read-only.js";
import { readOnly, type NodeContext } from "./context.js";
import { hex } from "./json.js";
import { address, callArgs, publicMethodName, storageSlot, u64 } from "./params.js";

/** Cycles a read-only call may spend when it names no limit. */
const DEFAULT_CALL_CYCLES = 10_000_000n;

export function actorMethods(ctx: NodeContext): RpcMethod[] {
  const { chain } = ctx;
  return [
    defineMethod({
      name: "cowboy_call",
      summary: "runs an actor method read-only at the head (nothing is committed, messages are not delivered); returns the canonical result and its JSON form, or the Python error",
      params: [["call", z.strictObject({ from: address.optional(), to: address, method: publicMethodName, args: callArgs.optional(), cycles_limit: u64.optional() })]],
      handler: async ([call]) => {
        // A read-only call may spend at most the block's whole Cycle capacity, and at most the query worker's own cap.
        const capacity = blockCycleCapacity(chain.params.feeMarket);
        const maxCycles = ctx.queries !== undefined && ctx.queries.maxCycles < capacity ? ctx.queries.maxCycles : capacity;
        const cyclesLimit = call.cycles_limit === undefined ? (DEFAULT_CALL_CYCLES < maxCycles ? DEFAULT_CALL_CYCLES : maxCycles) : BigInt(call.cycles_limit);
        if (cyclesLimit > maxCycles) throw new RpcError(RpcErrorCode.InvalidParams, `cycles_limit exceeds ${maxCycles}`);
        const request = {
          from: call.from === undefined ? new Uint8Array(20) : fromHex(call.from),
          target: fromHex(call.to),
          method: call.method,
          args: call.args === undefined ? new Uint8Array(0) : fromHex(call.args),
          cyclesLimit,
        };
        const head = chain.head;
        const r = await readOnly(
          ctx,
          (work) => work.call(head, request),
          (env) => runCall(env, request),
        );
        const base = { ok: r.ok, cycles_used: r.cyclesUsed.toString(), cells_used: r.cellsUsed.toString() };
        return r.ok ? { ...base, result: hex(r.data), json: cborJsonOf(r.data) } : { ...base, error: new TextDecoder().decode(r.data) };
      },
    }),
    defineMethod({
      name: "cowboy_getCode",
      summary: "an actor's code hash and canonical Python source at the head, or null for an address without code",
      params: [["address", address]],
      handler: ([a]) => {
        const account = chain.account(fromHex(a));
        if (account.code_hash === null) return null;
        const code = chain.state.get(actorCodeKey(fromHex(a)));
        return { address: a, code_hash: hex(account.code_hash), source: code === undefined ? null : new TextDecoder().decode(code) };
      },
    }),
    defineMethod({
      name: "cowboy_getStorage",
      summary: "one storage slot of an actor (slot 0x00 holds its attributes, 0x01‖canonical(key) its storage[key]) with a proof against the head's state root",
      params: [
        ["address", address],
        ["slot", storageSlot],
      ],
      handler: ([a, slot]) => {
        if (slot === "0x") throw new RpcError(RpcErrorCode.InvalidParams, "slot must not be empty");
        const proof = chain.state.prove(actorStorageKey(fromHex(a), fromHex(slot)));
        return {
          address: a,
          slot,
          height: chain.head.height.toString(),
          state_root: hex(chain.state.root()),
          value: proof.value === null ? null : hex(proof.value),
          json: proof.value === null ? null : cborJsonOf(proof.value),
          proof: hex(encodeProof(proof)),
        };
      },
    }),
  ];
}
