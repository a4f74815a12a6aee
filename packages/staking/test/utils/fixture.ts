// Shared by the staking tests: a real @cowboy/state fork over the memory backend, balances in a
// map, and a small pool of BLS keys with their proofs of possession (made once: noble is slow).
import { toHex } from "@cowboy/codec";
import { blsPopProve, nobleBls } from "@cowboy/crypto";
import { MemoryBackend, StateStore, type Fork } from "@cowboy/state";
import { applyStakingGenesis, createStakingConfig, initSupply, StakingError, type StakingAccounts, type StakingConfig, type StakingContext } from "../../src/index.js";

export const addr = (b: number): Uint8Array => new Uint8Array(20).fill(b);

export interface BlsKey {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
  readonly pop: Uint8Array;
}

/** The BLS key with secret scalar `i + 1` (deterministic, for tests and vectors only). */
export function blsKey(i: number): BlsKey {
  const secretKey = new Uint8Array(32);
  secretKey[31] = i + 1;
  secretKey[0] = 0x11;
  return { secretKey, publicKey: nobleBls.getPublicKey(secretKey), pop: blsPopProve(secretKey) };
}

const POOL: BlsKey[] = [];
/** Pool key `i` (cached across a test file). */
export function poolKey(i: number): BlsKey {
  while (POOL.length <= i) POOL.push(blsKey(POOL.length));
  return POOL[i]!;
}

export class MapAccounts implements StakingAccounts {
  readonly balances = new Map<string, bigint>();
  balanceOf(a: Uint8Array): bigint {
    return this.balances.get(toHex(a)) ?? 0n;
  }
  debit(a: Uint8Array, n: bigint): void {
    this.balances.set(toHex(a), this.balanceOf(a) - n);
  }
  credit(a: Uint8Array, n: bigint): void {
    this.balances.set(toHex(a), this.balanceOf(a) + n);
  }
}

/** A small-number config: epochs of 10 blocks, unbonding 25, jail 7, minimum stake 100. */
export const SMALL: StakingConfig = createStakingConfig({
  minimumValidatorStake: 100n,
  epochLength: 10n,
  unbondingPeriod: 25n,
  jailPeriod: 7n,
  maxJailDoublings: 3n,
  epochSetRetention: 2n,
});

export function newFork(): Fork {
  return StateStore.open(new MemoryBackend()).fork();
}

export function context(fork: Fork, accounts: MapAccounts, height: bigint, config: StakingConfig = SMALL): StakingContext {
  return { state: fork, accounts, config, height };
}

/** A fork whose genesis validators are `addresses` (pool keys 0, 1, … with `stake` each), its supply initialised. */
export function genesisWith(addresses: readonly Uint8Array[], stake = 10_000n, config: StakingConfig = SMALL): { fork: Fork; accounts: MapAccounts } {
  const fork = newFork();
  applyStakingGenesis(
    fork,
    config,
    addresses.map((address, i) => ({ address, blsPublicKey: poolKey(i).publicKey, proofOfPossession: poolKey(i).pop, stake })),
  );
  initSupply(fork, stake * BigInt(addresses.length));
  return { fork, accounts: new MapAccounts() };
}

/** The StakingError code `fn` throws, or "none"; any other error is rethrown. */
export function stakingCode(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof StakingError) return error.code;
    throw error;
  }
  return "none";
}
