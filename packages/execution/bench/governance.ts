// What the parameter registry costs a block (cips/governance.md "Resolution"): applying an empty block on a governed
// chain (the registry read and every group checked by its owner) against the same block on a chain without governance,
// measured in the same run; and resolveChainParams alone. For information: nothing here is asserted.
// Run: pnpm --filter @cowboy/execution exec tsx --conditions=@cowboy/source bench/governance.ts
import { compare } from "@cowboy/bench-harness";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { DEFAULT_GOVERNANCE_CONFIG } from "@cowboy/governance";
import { accountKey, MemoryBackend, StateStore } from "@cowboy/state";
import { headerHash } from "@cowboy/types";
import { applyBlock, applyGenesis, buildBlock, defaultChainParams, resolveChainParams, type ChainParams } from "../src/index.js";

function chain(params: ChainParams) {
  const store = StateStore.open(new MemoryBackend());
  const fork = store.fork();
  const genesis = applyGenesis(
    fork,
    {
      timestampMs: 1_000n,
      allocations: [{ address: new Uint8Array(20).fill(1), balance: 10n ** 15n }],
      cycleBasefee: DEFAULT_FEE_MARKET_CONFIG.minBasefee,
      cellBasefee: DEFAULT_FEE_MARKET_CONFIG.minBasefee,
    },
    params,
  );
  store.commit(fork, 0n, headerHash(genesis));
  const built = buildBlock({ state: store.fork(), parent: genesis, candidates: [], params, proposer: new Uint8Array(20), timestampMs: 2_000n });
  return { store, genesis, block: built.block, params };
}

const plain = chain(defaultChainParams(7n, accountKey));
const governed = chain({ ...defaultChainParams(7n, accountKey), governance: DEFAULT_GOVERNANCE_CONFIG });
const apply = (c: typeof plain) => () => applyBlock({ state: c.store.fork(), parent: c.genesis, block: c.block, params: c.params }).stateRoot;

compare("an empty block with and without the registry (blocks/s)", { name: "applyBlock, no governance", opsPerCall: 1, fn: apply(plain) }, [
  { name: "applyBlock, governed (registry resolved)", opsPerCall: 1, fn: apply(governed) },
  { name: "resolveChainParams alone", opsPerCall: 1, fn: () => resolveChainParams(governed.store.fork(), governed.params) },
]);
