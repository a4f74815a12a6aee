// applyBlock is its steps: driving the exported steps one by one, in the spec's order, reaches the
// same receipts and state root as applyBlock; each step can be driven (and fail) alone.
import { toHex } from "@cowboy/codec";
import { headerHash, type Header } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import {
  applyBlock,
  applyGenesis,
  BlockError,
  BlockTally,
  buildBlock,
  checkRoots,
  newActorBlockContext,
  processDeliveries,
  processEndOfBlockHooks,
  processHeader,
  processTimers,
  processTransactions,
  verifySignaturesHere,
  verifyTransactions,
  type EndOfBlockHook,
} from "../../src/index.js";
import { addressOf, memoryState, params as base, transfer } from "../utils/helpers.js";

// A hook that leaves a mark, so the steps after the transactions visibly run.
const MARK = new TextEncoder().encode("hook-ran");
const hook: EndOfBlockHook = (state, env) => state.set(MARK, new Uint8Array([Number(env.height)]));
const params = { ...base, endOfBlockHooks: [hook] };

function setup() {
  const { store, fork } = memoryState();
  const genesis = applyGenesis(
    fork,
    { timestampMs: 1_000n, allocations: [0, 1].map((i) => ({ address: addressOf(i), balance: 10n ** 15n })), cycleBasefee: 10_000n, cellBasefee: 10_000n },
    params,
  );
  store.commit(fork, 0n, headerHash(genesis));
  const txs = [transfer(0, addressOf(5), 10n, 0n), transfer(1, addressOf(5), 20n, 0n), transfer(0, addressOf(6), 30n, 1n)];
  const built = buildBlock({ state: store.fork(), parent: genesis, candidates: txs, params, proposer: addressOf(7), timestampMs: 2_000n });
  return { store, parent: genesis, block: built.block };
}

describe("the steps of applyBlock", () => {
  it("driven one by one reach applyBlock's receipts and state root", () => {
    const { store, parent, block } = setup();
    const state = store.fork();
    const env = processHeader(block.header, parent, params, newActorBlockContext());
    verifyTransactions(block, params, verifySignaturesHere);
    const tally = new BlockTally(params.feeMarket);
    processTransactions(state, block.transactions, env, params, tally);
    processTimers(state, env, params, tally);
    processDeliveries(state, env, params);
    processEndOfBlockHooks(state, env, params);
    const root = checkRoots(state, block.header, tally, params);
    expect(state.get(MARK)).toEqual(new Uint8Array([1]));

    const applied = applyBlock({ state: store.fork(), parent, block, params });
    expect(toHex(root)).toBe(toHex(applied.stateRoot));
    expect(toHex(root)).toBe(toHex(block.header.state_root));
    expect(tally.execution(env.actors.journal)).toEqual(applied.execution);
  });

  it("each fails alone with its code", () => {
    const { store, parent, block } = setup();
    const late: Header = { ...block.header, timestamp_ms: parent.timestamp_ms };
    expect(() => processHeader(late, parent, params, newActorBlockContext())).toThrow(expect.objectContaining({ code: "BAD_TIMESTAMP" }));
    const reordered = { ...block, transactions: [...block.transactions].reverse() };
    expect(() => verifyTransactions(reordered, params, verifySignaturesHere)).toThrow(expect.objectContaining({ code: "ROOT_MISMATCH" }));
    // Without the hook's write the state root differs: checkRoots is the step that notices.
    const state = store.fork();
    const env = processHeader(block.header, parent, params, newActorBlockContext());
    const tally = new BlockTally(params.feeMarket);
    processTransactions(state, block.transactions, env, params, tally);
    processTimers(state, env, params, tally);
    processDeliveries(state, env, params);
    const error = (() => {
      try {
        checkRoots(state, block.header, tally, params);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BlockError);
    expect(error).toMatchObject({ code: "ROOT_MISMATCH" });
    expect((error as BlockError).message).toMatch(/^state_root /);
  });
});
