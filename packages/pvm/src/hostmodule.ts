// The Python face of a Host: a native module whose functions charge the consensus host-call costs
// (COST_TABLE_V1.host) and Cells for bytes written, then call the Host. Register it in a
// ModuleRegistry under the name your SDK imports (e.g. "cowboy_host").
import { HOST_OPS_V1, type LinearCost, linearCost } from "@cowboy/metering";
import type { Host, SignatureScheme } from "./host.js";
import type { ModuleDef } from "./modules.js";
import { fnValue } from "./builtins/util.js";
import type { Runtime } from "./runtime/context.js";
import { PyDict } from "./runtime/dict.js";
import { pyErr } from "./runtime/exceptions.js";
import * as I from "./runtime/int.js";
import { PyBytes, type Value } from "./runtime/object.js";
import { asInt, typeOf } from "./runtime/ops.js";
import { None, T } from "./runtime/types.js";

function bytesArg(v: Value | undefined, fn: string, name: string): Uint8Array {
  if (!(v instanceof PyBytes)) throw pyErr("TypeError", `${fn}() argument '${name}' must be bytes, not ${v === undefined ? "nothing" : typeOf(v).name}`);
  return v.b;
}
function strArg(v: Value | undefined, fn: string, name: string): string {
  if (typeof v !== "string") throw pyErr("TypeError", `${fn}() argument '${name}' must be str, not ${v === undefined ? "nothing" : typeOf(v).name}`);
  return v;
}
function intArg(v: Value | undefined, fn: string, name: string): bigint {
  const i = v === undefined ? undefined : asInt(v);
  if (i === undefined || typeof v === "boolean") throw pyErr("TypeError", `${fn}() argument '${name}' must be int`);
  return I.big(i);
}
function charge(rt: Runtime, c: LinearCost, units = 0): void {
  rt.charge(Number(linearCost(c, units)));
}
function bytes(b: Uint8Array): PyBytes {
  return new PyBytes(T.bytes, b);
}
/** Host errors are the chain's business; Python sees a RuntimeError and nothing of the host. */
function guarded<R>(f: () => R): R {
  try {
    return f();
  } catch (e) {
    if (e !== null && typeof e === "object" && "exc" in e) throw e;
    throw pyErr("RuntimeError", "host call failed");
  }
}

export function hostModuleDef(host: Host): ModuleDef {
  const H = HOST_OPS_V1;
  return {
    kind: "native",
    build: () => {
      const m = new Map<string, Value>();
      const def = (name: string, fn: (rt: Runtime, a: Value[]) => Value) => m.set(name, fnValue(name, (rt, a) => fn(rt, a)));
      def("storage_get", (rt, a) => {
        const key = bytesArg(a[0], "storage_get", "key");
        charge(rt, H.storageRead);
        const v = guarded(() => host.storageGet(key));
        if (v === null) return None;
        rt.alloc(v.length);
        return bytes(v);
      });
      def("storage_set", (rt, a) => {
        const key = bytesArg(a[0], "storage_set", "key");
        const value = bytesArg(a[1], "storage_set", "value");
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
      def("send_message", (rt, a) => {
        const to = bytesArg(a[0], "send_message", "to");
        const method = strArg(a[1], "send_message", "method");
        const payload = bytesArg(a[2], "send_message", "payload");
        charge(rt, H.sendMessage);
        rt.chargeCells(payload.length);
        guarded(() => host.sendMessage(to, method, payload));
        return None;
      });
      def("call_actor", (rt, a) => {
        const to = bytesArg(a[0], "call_actor", "to");
        const method = strArg(a[1], "call_actor", "method");
        const payload = bytesArg(a[2], "call_actor", "payload");
        charge(rt, H.callActor);
        const r = guarded(() => host.callActor(to, method, payload));
        rt.alloc(r.length);
        return bytes(r);
      });
      def("set_timer", (rt, a) => {
        const height = intArg(a[0], "set_timer", "height");
        const handler = strArg(a[1], "set_timer", "handler");
        const data = bytesArg(a[2], "set_timer", "data");
        charge(rt, H.timerSet);
        return I.norm(guarded(() => host.setTimer(height, handler, data)));
      });
      def("cancel_timer", (rt, a) => {
        const id = intArg(a[0], "cancel_timer", "timer_id");
        charge(rt, H.timerCancel);
        return guarded(() => host.cancelTimer(id));
      });
      def("block_info", (rt) => {
        charge(rt, H.getBlockInfo);
        const b = guarded(() => host.blockInfo());
        const d = new PyDict();
        d.set(rt, "height", I.norm(b.height));
        d.set(rt, "timestamp", I.norm(b.timestamp));
        d.set(rt, "chain_id", I.norm(b.chainId));
        return d;
      });
      def("randomness", (rt, a) => {
        const label = bytesArg(a[0], "randomness", "label");
        charge(rt, H.hkdfRandomness);
        return bytes(guarded(() => host.randomness(label)));
      });
      def("emit_event", (rt, a) => {
        const topic = strArg(a[0], "emit_event", "topic");
        const data = bytesArg(a[1], "emit_event", "data");
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
      def("sha256", (rt, a) => {
        const data = bytesArg(a[0], "sha256", "data");
        charge(rt, H.sha256, data.length);
        return bytes(guarded(() => host.hash("sha256", data)));
      });
      def("keccak256", (rt, a) => {
        const data = bytesArg(a[0], "keccak256", "data");
        charge(rt, H.keccak256, data.length);
        return bytes(guarded(() => host.hash("keccak256", data)));
      });
      return m;
    },
  };
}
