// `pvm_host`: the Python face of a Host. Every function charges the consensus host-call cost
// (COST_TABLE_V1.host) and Cells for bytes written (§17.4) before calling the Host. cowboy_sdk is
// written over this module; actors may also import it directly (the "low-level" API).
import { HOST_OPS_V1 } from "@cowboy/metering";
import { MAX_ACTOR_KEY_BYTES, PRIORITY_TIERS } from "@cowboy/types/actor";
import type { Host, SignatureScheme, TimerOptions } from "./host.js";
import type { ModuleDef } from "./modules.js";
import { decodeValue, encodeValue } from "./canonical/index.js";
import { ethVerifyTypedData } from "./eth.js";
import { addressArg, bytesArg, charge, guarded, strArg, u64Arg } from "./host-args.js";
import { rentHostFunctions } from "./hostmodule-rent.js";
import { tokenHostFunctions } from "./hostmodule-token.js";
import { fnValue } from "./builtins/util.js";
import type { Runtime } from "./runtime/context.js";
import { PyDict } from "./runtime/dict.js";
import { pyErr } from "./runtime/exceptions.js";
import * as I from "./runtime/int.js";
import { PyBytes, PyTuple, type Value } from "./runtime/object.js";
import { None, T } from "./runtime/types.js";

/** Longest storage value an actor may write through the host (bytes); the key bound is MAX_ACTOR_KEY_BYTES. */
const MAX_STORAGE_VALUE_BYTES = 1 << 20;
const MAX_NAME = 64;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function nameArg(v: Value | undefined, fn: string, name: string): string {
  const s = strArg(v, fn, name);
  if (s.length > MAX_NAME || !NAME.test(s))
    throw pyErr("ValueError", `${fn}() argument '${name}' must be a Python identifier of at most ${MAX_NAME} characters, got '${s.slice(0, 80)}'`);
  return s;
}
/** Arguments 3..9 of set_timer/set_interval (see the call sites). */
function timerOptions(a: readonly Value[], fn: string): TimerOptions {
  if (a.length !== 10) throw pyErr("TypeError", `${fn}() takes 10 positional arguments but ${a.length} were given`);
  let biddingAgent: Uint8Array | null = null;
  if (a[9] !== None) {
    biddingAgent = bytesArg(a[9], fn, "bidding_agent");
    if (biddingAgent.length !== 20) throw pyErr("ValueError", `${fn}() argument 'bidding_agent' must be a 20-byte address, got ${biddingAgent.length} bytes`);
  }
  const tier = u64Arg(a[6], fn, "tier");
  if (tier >= BigInt(PRIORITY_TIERS.length)) throw pyErr("ValueError", `${fn}() argument 'tier' must be 0 (economy), 1 (standard), 2 (fast) or 3 (urgent), got ${tier}`);
  return {
    cyclesPerFire: u64Arg(a[3], fn, "cycles_per_fire"),
    cellsPerFire: u64Arg(a[4], fn, "cells_per_fire"),
    expiresAt: a[5] === None ? null : u64Arg(a[5], fn, "expires_at"),
    tier: Number(tier) as TimerOptions["tier"],
    maxFeePerCycle: u64Arg(a[7], fn, "max_fee_per_cycle"),
    maxPriorityFeePerCycle: u64Arg(a[8], fn, "max_priority_fee_per_cycle"),
    biddingAgent,
  };
}

function bytes(rt: Runtime, b: Uint8Array): PyBytes {
  rt.alloc(b.length + 33);
  return new PyBytes(T.bytes, b);
}

export function hostModuleDef(host: Host): ModuleDef {
  const H = HOST_OPS_V1;
  return {
    kind: "native",
    build: () => {
      const m = new Map<string, Value>();
      const def = (name: string, fn: (rt: Runtime, a: Value[], kw: Map<string, Value> | null) => Value) =>
        m.set(
          name,
          fnValue(name, (rt, a, kw) => fn(rt, a, kw ?? null)),
        );
      const kwArg = (a: Value[], kw: Map<string, Value> | null, i: number, name: string): Value | undefined => a[i] ?? kw?.get(name);

      // Canonical encoding (cips/canonical-encoding.md): 20 Cycles + 1 per byte.
      def("encode", (rt, a) => {
        if (a.length !== 1) throw pyErr("TypeError", `encode() takes exactly one argument (${a.length} given)`);
        return bytes(rt, encodeValue(rt, a[0]!));
      });
      def("decode", (rt, a) => decodeValue(rt, bytesArg(a[0], "decode", "data")));

      // The message context.
      def(
        "sender",
        (rt) => (
          charge(rt, H.messageContext),
          bytes(
            rt,
            guarded(() => host.context().sender),
          )
        ),
      );
      def(
        "origin",
        (rt) => (
          charge(rt, H.messageContext),
          bytes(
            rt,
            guarded(() => host.context().origin),
          )
        ),
      );
      def(
        "address",
        (rt) => (
          charge(rt, H.messageContext),
          bytes(
            rt,
            guarded(() => host.context().self),
          )
        ),
      );
      def("value", (rt) => (charge(rt, H.messageContext), I.norm(guarded(() => host.context().value))));
      def("depth", (rt) => (charge(rt, H.messageContext), guarded(() => host.context().depth)));
      def("active_frames", (rt) => (charge(rt, H.messageContext), guarded(() => host.context().activeFrames)));
      def("block_info", (rt) => {
        charge(rt, H.getBlockInfo);
        const b = guarded(() => host.blockInfo());
        const d = new PyDict();
        d.set(rt, "height", I.norm(b.height));
        d.set(rt, "timestamp", I.norm(b.timestamp));
        d.set(rt, "chain_id", I.norm(b.chainId));
        d.set(rt, "cycle_basefee", I.norm(b.cycleBasefee));
        d.set(rt, "cell_basefee", I.norm(b.cellBasefee));
        return d;
      });
      def("balance", (rt, a) => {
        const who = a[0] === undefined || a[0] === None ? null : addressArg(a[0], "balance", "address");
        charge(rt, H.balanceOf);
        return I.norm(guarded(() => host.balance(who ?? host.context().self)));
      });

      // Storage: reads cost 0.01 Cells per byte, writes 1 Cell per byte of key and value.
      def("storage_get", (rt, a) => {
        const key = bytesArg(a[0], "storage_get", "key");
        charge(rt, H.storageRead);
        const v = guarded(() => host.storageGet(key));
        if (v === null) return None;
        rt.chargeCells(Math.ceil(v.length / 100));
        return bytes(rt, v);
      });
      def("storage_set", (rt, a) => {
        const key = bytesArg(a[0], "storage_set", "key");
        const value = bytesArg(a[1], "storage_set", "value");
        if (key.length === 0 || key.length > MAX_ACTOR_KEY_BYTES) throw pyErr("ValueError", `storage key must be 1 to ${MAX_ACTOR_KEY_BYTES} bytes, got ${key.length}`);
        if (value.length > MAX_STORAGE_VALUE_BYTES) throw pyErr("ValueError", `storage value must be at most ${MAX_STORAGE_VALUE_BYTES} bytes, got ${value.length}`);
        charge(rt, H.storageWrite);
        rt.chargeCells(key.length + value.length);
        guarded(() => host.storageSet(key, value));
        return None;
      });
      def("storage_delete", (rt, a) => {
        const key = bytesArg(a[0], "storage_delete", "key");
        charge(rt, H.storageDelete);
        guarded(() => host.storageDelete(key));
        return None;
      });

      // Value and messages.
      def("transfer", (rt, a) => {
        const to = addressArg(a[0], "transfer", "to");
        const amount = u64Arg(a[1], "transfer", "amount");
        charge(rt, H.transfer);
        rt.chargeCells(64);
        guarded(() => host.transfer(to, amount));
        return None;
      });
      def("send_message", (rt, a, kw) => {
        const to = addressArg(a[0], "send_message", "to");
        const method = nameArg(a[1], "send_message", "method");
        const payload = bytesArg(a[2], "send_message", "payload");
        const value = u64Arg(kwArg(a, kw, 3, "value"), "send_message", "value", 0n);
        charge(rt, H.sendMessage);
        rt.chargeCells(payload.length + method.length);
        return bytes(
          rt,
          guarded(() => host.sendMessage(to, method, payload, value)),
        );
      });
      def("call_actor", (rt, a, kw) => {
        const to = addressArg(a[0], "call_actor", "to");
        const method = nameArg(a[1], "call_actor", "method");
        const payload = bytesArg(a[2], "call_actor", "payload");
        const value = u64Arg(kwArg(a, kw, 3, "value"), "call_actor", "value", 0n);
        charge(rt, H.callActor);
        const budget = { cycles: rt.cyclesLimit - rt.cyclesUsed, cells: rt.cellsLimit - rt.cells, stack: rt.stackLimit - rt.stack };
        const r = guarded(() => host.callActor(to, method, payload, value, budget));
        rt.charge(r.cycles);
        rt.chargeCells(r.cells);
        const second = r.ok ? bytes(rt, r.data) : r.error;
        return new PyTuple(T.tuple, [r.ok, second]);
      });

      // A child actor (cips/actors.md "Child actors"): priced by the host (a deploy's intrinsic cost plus its constructor).
      def("deploy_actor", (rt, a) => {
        const code = bytesArg(a[0], "deploy_actor", "code");
        const salt = bytesArg(a[1], "deploy_actor", "salt");
        if (salt.length !== 32) throw pyErr("ValueError", `deploy_actor() argument 'salt' must be 32 bytes, got ${salt.length}`);
        const payload = bytesArg(a[2], "deploy_actor", "args");
        if (host.deployActor === undefined) throw pyErr("RuntimeError", "this host does not deploy actors");
        charge(rt, H.callActor);
        const budget = { cycles: rt.cyclesLimit - rt.cyclesUsed, cells: rt.cellsLimit - rt.cells, stack: rt.stackLimit - rt.stack };
        const r = guarded(() => host.deployActor!(code, salt, payload, budget));
        rt.charge(r.cycles);
        rt.chargeCells(r.cells);
        return new PyTuple(T.tuple, [r.ok, r.ok ? bytes(rt, r.data) : r.error]);
      });

      // Timers (ids are 32-byte hashes).
      // set_timer(height, handler, data, cycles_per_fire, cells_per_fire, expires_at, tier,
      //           max_fee_per_cycle, max_priority_fee_per_cycle, bidding_agent): cowboy_sdk supplies
      //           every argument.
      def("set_timer", (rt, a) => {
        const height = u64Arg(a[0], "set_timer", "height");
        const handler = nameArg(a[1], "set_timer", "handler");
        const data = bytesArg(a[2], "set_timer", "data");
        const options = timerOptions(a, "set_timer");
        charge(rt, H.timerSet);
        rt.chargeCells(data.length);
        return bytes(
          rt,
          guarded(() => host.setTimer(height, handler, data, options)),
        );
      });
      def("set_interval", (rt, a) => {
        const every = u64Arg(a[0], "set_interval", "every_n_blocks");
        if (every === 0n) throw pyErr("ValueError", "set_interval() every_n_blocks must be at least 1");
        const handler = nameArg(a[1], "set_interval", "handler");
        const data = bytesArg(a[2], "set_interval", "data");
        const options = timerOptions(a, "set_interval");
        charge(rt, H.timerSet);
        rt.chargeCells(data.length);
        return bytes(
          rt,
          guarded(() => host.setInterval(every, handler, data, options)),
        );
      });
      def("cancel_timer", (rt, a) => {
        const id = bytesArg(a[0], "cancel_timer", "timer_id");
        if (id.length !== 32) throw pyErr("ValueError", `cancel_timer() timer_id must be 32 bytes, got ${id.length}`);
        charge(rt, H.timerCancel);
        return guarded(() => host.cancelTimer(id));
      });

      // Randomness, events, crypto.
      def("randomness", (rt, a) => {
        const label = bytesArg(a[0], "randomness", "label");
        charge(rt, H.hkdfRandomness);
        return bytes(
          rt,
          guarded(() => host.randomness(label)),
        );
      });
      def("emit_event", (rt, a) => {
        const topic = strArg(a[0], "emit_event", "topic");
        const data = bytesArg(a[1], "emit_event", "data");
        const topicBytes = new TextEncoder().encode(topic).length;
        if (topicBytes === 0 || topicBytes > 256) throw pyErr("ValueError", `event topic must be 1 to 256 bytes of UTF-8, got ${topicBytes}`);
        if (data.length > 65_536) throw pyErr("ValueError", `event data must be at most 65536 bytes, got ${data.length}`);
        charge(rt, H.emitEvent, data.length);
        rt.chargeCells(Math.ceil(data.length / 2));
        guarded(() => host.emitEvent(topic, data));
        return None;
      });
      def("verify_signature", (rt, a) => {
        const scheme = strArg(a[0], "verify_signature", "scheme");
        if (scheme !== "ed25519" && scheme !== "secp256k1" && scheme !== "bls") throw pyErr("ValueError", `unknown signature scheme '${scheme}'`);
        const pk = bytesArg(a[1], "verify_signature", "public_key");
        const msg = bytesArg(a[2], "verify_signature", "message");
        const sig = bytesArg(a[3], "verify_signature", "signature");
        charge(rt, scheme === "ed25519" ? H.ed25519Verify : scheme === "secp256k1" ? H.secp256k1Verify : H.blsVerify);
        return guarded(() => host.verifySignature(scheme as SignatureScheme, pk, msg, sig));
      });
      // EIP-712 (cips/interop.md): pure computation, priced by HOST_OPS_V1.ethVerifyTypedData in eth.ts.
      def("eth_verify_typed_data", (rt, a) => ethVerifyTypedData(rt, a, bytesArg(a[4], "eth_verify_typed_data", "signature"), bytesArg(a[5], "eth_verify_typed_data", "address")));
      def("sha256", (rt, a) => {
        const data = bytesArg(a[0], "sha256", "data");
        charge(rt, H.sha256, data.length);
        return bytes(
          rt,
          guarded(() => host.hash("sha256", data)),
        );
      });
      def("keccak256", (rt, a) => {
        const data = bytesArg(a[0], "keccak256", "data");
        charge(rt, H.keccak256, data.length);
        return bytes(
          rt,
          guarded(() => host.hash("keccak256", data)),
        );
      });
      // Storage quota and rent standing (cips/rent.md "Quotas"), in hostmodule-rent.ts.
      for (const [name, fn] of rentHostFunctions(host)) def(name, fn);
      // Platform tokens at 0x06 (cips/tokens.md), in hostmodule-token.ts.
      for (const [name, fn] of tokenHostFunctions(host)) def(name, fn);
      return m;
    },
  };
}
