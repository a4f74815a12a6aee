// Delegations at 0x0A (cips/cbfs.md §8.1): the grant an actor-owned volume uses in place of a CapToken (an actor
// cannot sign). The volume's owner records one (`delegate` from an actor; the jobs step records one for each runner
// of a job naming a volume its poster owns), relays read it (a chain read, never a write). Layout:
//   systemKey("cbfs_storage", 0x07 ‖ root ‖ grantee) → rights u8 ‖ notBefore u64 ‖ notAfter u64
import { Reader, Writer, compareBytes, toHex } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import type { ChainStore } from "./config.js";
import { CbfsChainError } from "./errors.js";
import { getVolume } from "./storage-manager.js";

export interface Delegation {
  /** Rights mask (read 1, write 2, list 4, repair 8), as a CapToken's. */
  readonly rights: number;
  readonly notBefore: bigint;
  readonly notAfter: bigint;
}

const delegationKey = (root: Uint8Array, grantee: Uint8Array) => systemKey("cbfs_storage", Uint8Array.of(7, ...root, ...grantee));

export function getDelegation(store: ChainStore, root: Uint8Array, grantee: Uint8Array): Delegation | undefined {
  const bytes = store.get(delegationKey(root, grantee));
  if (bytes === undefined) return undefined;
  const r = new Reader(bytes);
  const d = { rights: r.u8(), notBefore: r.u64(), notAfter: r.u64() };
  r.end();
  return d;
}

/** The delegation a relay honours: none once the volume is no longer anchored (deleted or replaced). */
export function activeDelegation(store: ChainStore, root: Uint8Array, grantee: Uint8Array): Delegation | undefined {
  return getVolume(store, root) === undefined ? undefined : getDelegation(store, root, grantee);
}

function put(store: ChainStore, root: Uint8Array, grantee: Uint8Array, d: Delegation): void {
  store.set(delegationKey(root, grantee), new Writer(17).u8(d.rights).u64(d.notBefore).u64(d.notAfter).finish());
}

function ownedBy(store: ChainStore, root: Uint8Array, caller: Uint8Array): void {
  const v = getVolume(store, root);
  if (v === undefined) throw new CbfsChainError("VOLUME_NOT_FOUND", `no volume is anchored at 0x${toHex(root)}`);
  if (compareBytes(v.owner, caller) !== 0) throw new CbfsChainError("NOT_OWNER", `only 0x${toHex(v.owner)} may delegate volume 0x${toHex(root)}`);
}

/** The owner grants `rights` on `root` to `grantee` from `height` for `blocks` blocks (replacing any earlier grant). */
export function delegateVolume(store: ChainStore, height: bigint, caller: Uint8Array, root: Uint8Array, grantee: Uint8Array, rights: number, blocks: bigint): Delegation {
  ownedBy(store, root, caller);
  if (!Number.isInteger(rights) || rights < 1 || rights > 15)
    throw new CbfsChainError("INVALID_VOLUME", `rights mask ${rights} is not a non-empty subset of read|write|list|repair`);
  if (blocks < 1n) throw new CbfsChainError("INVALID_VOLUME", "a delegation lasts at least one block");
  const d = { rights, notBefore: height, notAfter: height + blocks };
  put(store, root, grantee, d);
  return d;
}

/** The owner withdraws a delegation; refuses one that does not exist. */
export function revokeDelegation(store: ChainStore, caller: Uint8Array, root: Uint8Array, grantee: Uint8Array): void {
  ownedBy(store, root, caller);
  if (getDelegation(store, root, grantee) === undefined) throw new CbfsChainError("ALREADY_REVOKED", `0x${toHex(grantee)} holds no delegation on 0x${toHex(root)}`);
  store.delete(delegationKey(root, grantee));
}

/** What the jobs step needs of a job whose committee was just drawn. */
export interface JobVolumes {
  readonly poster: Uint8Array;
  readonly volumes: readonly Uint8Array[];
  readonly committee: readonly Uint8Array[];
}

/**
 * For each volume of `job` anchored at 0x0A with the job's poster as owner, a read delegation to every committee
 * member from `height` to `notAfter` (an existing grant is widened, never shortened). Volumes owned by someone else
 * get none: the poster cannot grant what it does not own. Returns the delegations written, in volume then committee
 * order (deterministic).
 */
export function recordJobDelegations(store: ChainStore, height: bigint, job: JobVolumes, notAfter: bigint): { root: Uint8Array; grantee: Uint8Array }[] {
  const written: { root: Uint8Array; grantee: Uint8Array }[] = [];
  for (const root of job.volumes) {
    const v = getVolume(store, root);
    if (v === undefined || compareBytes(v.owner, job.poster) !== 0) continue;
    for (const grantee of job.committee) {
      const old = getDelegation(store, root, grantee);
      const d =
        old === undefined
          ? { rights: 1, notBefore: height, notAfter }
          : { rights: old.rights | 1, notBefore: old.notBefore < height ? old.notBefore : height, notAfter: old.notAfter > notAfter ? old.notAfter : notAfter };
      put(store, root, grantee, d);
      written.push({ root, grantee });
    }
  }
  return written;
}
