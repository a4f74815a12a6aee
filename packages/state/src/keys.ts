import { MAX_STORAGE_SLOT_BYTES } from "@cowboy/types/actor";
import { StateError } from "./errors.js";

// The key schema (cips/state.md "Keys"): every state key starts with a one-byte VM namespace,
// so the PVM and a future EVM can never write each other's keys, then a one-byte kind.

/** VM namespaces (`vm_ns`). */
export const VmNamespace = { System: 0x00, Pvm: 0x01, Evm: 0x02 } as const;
export type VmNamespace = (typeof VmNamespace)[keyof typeof VmNamespace];

/** Kinds within the system namespace. */
export const SystemKind = { Account: 0x01, Registry: 0x02 } as const;
/** Kinds within the PVM namespace. */
export const PvmKind = { Code: 0x01, Storage: 0x02 } as const;

/** Longest actor storage slot (bytes after the address) or system registry item: @cowboy/types' MAX_STORAGE_SLOT_BYTES. */
export const MAX_STORAGE_KEY = MAX_STORAGE_SLOT_BYTES;

function address(value: Uint8Array, name: string): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length !== 20) throw new StateError("INVALID_ARGUMENT", `${name}: expected a 20-byte address`);
  return value;
}

function key(ns: number, kind: number, ...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(2 + parts.reduce((n, p) => n + p.length, 0));
  out[0] = ns;
  out[1] = kind;
  let at = 2;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `00 01 ‖ address`: an account record (nonce, balance, code hash, storage bytes). */
export function accountKey(addr: Uint8Array): Uint8Array {
  address(addr, "address");
  // Built by hand: every transfer derives several account keys, and the generic builder's rest
  // parameters and set() calls cost more than the 22 byte copies.
  const out = new Uint8Array(22);
  out[0] = VmNamespace.System;
  out[1] = SystemKind.Account;
  for (let i = 0; i < 20; i++) out[2 + i] = addr[i]!;
  return out;
}

/** `01 01 ‖ address`: an actor's canonical source. */
export function actorCodeKey(addr: Uint8Array): Uint8Array {
  return key(VmNamespace.Pvm, PvmKind.Code, address(addr, "address"));
}

/** `01 02 ‖ address ‖ slot`: one key of an actor's storage. */
export function actorStorageKey(addr: Uint8Array, slot: Uint8Array): Uint8Array {
  if (!(slot instanceof Uint8Array) || slot.length > MAX_STORAGE_KEY) throw new StateError("INVALID_ARGUMENT", `slot: expected at most ${MAX_STORAGE_KEY} bytes`);
  return key(VmNamespace.Pvm, PvmKind.Storage, address(addr, "address"), slot);
}

/** `00 02 ‖ registry ‖ 00 ‖ item`: system registries (timers, mailboxes, dedup sets, parameters). */
export function systemKey(registry: string, item: Uint8Array = new Uint8Array(0)): Uint8Array {
  if (typeof registry !== "string" || !/^[a-z][a-z0-9_:]{0,63}$/.test(registry)) throw new StateError("INVALID_ARGUMENT", `registry: expected a lowercase name, got '${registry}'`);
  if (!(item instanceof Uint8Array) || item.length > MAX_STORAGE_KEY) throw new StateError("INVALID_ARGUMENT", `item: expected at most ${MAX_STORAGE_KEY} bytes`);
  return key(VmNamespace.System, SystemKind.Registry, new TextEncoder().encode(registry), new Uint8Array([0]), item);
}
