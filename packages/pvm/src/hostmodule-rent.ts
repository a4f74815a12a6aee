// `pvm_host.storage_quota` / `set_storage_quota` (cips/rent.md "Quotas"): the actor's quota and rent
// standing, and the storage bond. Priced as a storage read and a storage write (HOST_OPS_V1). `prepay_rent` pays
// toward the actor's own rent from its balance, priced as a value transfer (with its 64 Cells) plus the record's write.
import { HOST_OPS_V1 } from "@cowboy/metering";
import type { Host } from "./host.js";
import { charge, guarded, u64Arg } from "./host-args.js";
import type { Runtime } from "./runtime/context.js";
import { PyDict } from "./runtime/dict.js";
import { pyErr } from "./runtime/exceptions.js";
import * as I from "./runtime/int.js";
import type { Value } from "./runtime/object.js";

type HostFn = (rt: Runtime, a: Value[], kw: Map<string, Value> | null) => Value;

export function rentHostFunctions(host: Host): Array<readonly [string, HostFn]> {
  const H = HOST_OPS_V1;
  return [
    [
      "storage_quota",
      (rt) => {
        charge(rt, H.storageRead);
        if (host.storageQuota === undefined) throw pyErr("RuntimeError", "storage quotas are not available on this host");
        const q = guarded(() => host.storageQuota!());
        const d = new PyDict();
        d.set(rt, "quota", I.norm(q.quota));
        d.set(rt, "used", I.norm(q.used));
        d.set(rt, "bond", I.norm(q.bond));
        d.set(rt, "status", q.status);
        d.set(rt, "debt", I.norm(q.debt));
        d.set(rt, "prepaid", I.norm(q.prepaid));
        return d;
      },
    ],
    [
      "set_storage_quota",
      (rt, a) => {
        const bytes = u64Arg(a[0], "set_storage_quota", "quota");
        charge(rt, H.storageWrite);
        if (host.setStorageQuota === undefined) throw pyErr("RuntimeError", "storage quotas are not available on this host");
        return I.norm(guarded(() => host.setStorageQuota!(bytes)));
      },
    ],
    [
      "prepay_rent",
      (rt, a) => {
        const amount = u64Arg(a[0], "prepay_rent", "amount");
        charge(rt, H.transfer);
        charge(rt, H.storageWrite);
        rt.chargeCells(64);
        if (host.prepayRent === undefined) throw pyErr("RuntimeError", "state rent is not available on this host");
        return I.norm(guarded(() => host.prepayRent!(amount)));
      },
    ],
  ];
}
