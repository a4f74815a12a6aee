// The execution limits of spec §3.2, §3.3 and §13 (cips/actors.md "Limits"), one governance-tunable
// record carried by ChainParams.

export interface ActorLimits {
  /** Nesting depth of synchronous calls and send hops (a transaction's own call is depth 1). */
  readonly maxDepth: number;
  /** Messages one transaction may enqueue, including every nested send. */
  readonly maxMessagesPerTx: number;
  /** Bytes (method name + payload) pending in one actor's mailbox. */
  readonly mailboxBytes: number;
  /** Bytes of storage (keys + values) one actor may hold. */
  readonly storageQuotaBytes: number;
  /** Cycles one actor may consume per block, over all its invocations. */
  readonly cyclesPerActorPerBlock: number;
  /** Heap bytes per invocation (the PVM's deterministic memory accounting). */
  readonly memoryPerCall: number;
  /** Blocks a delivered message id stays in its target's dedup set. */
  readonly dedupWindow: bigint;
  /** Addresses below this value (as a 160-bit big-endian integer) are reserved for the system. */
  readonly systemAddressLimit: number;
}

export const DEFAULT_ACTOR_LIMITS: ActorLimits = Object.freeze({
  maxDepth: 32,
  maxMessagesPerTx: 1024,
  mailboxBytes: 1_000_000,
  storageQuotaBytes: 1 << 20,
  cyclesPerActorPerBlock: 1_000_000,
  memoryPerCall: 10 * 1024 * 1024,
  dedupWindow: 10_000n,
  systemAddressLimit: 0x100,
});

/** True for the reserved System range 0x00…00 – 0x00…ff. */
export function isSystemAddress(address: Uint8Array, limits: ActorLimits): boolean {
  for (let i = 0; i < 18; i++) if (address[i] !== 0) return false;
  return ((address[18]! << 8) | address[19]!) < limits.systemAddressLimit;
}
