// Errors are typed data: a broken invariant or a JS bug is a crash, never a receipt; Python
// exceptions travel as {type, message} and are formatted in one place; codes carry their data.
import { CowboyError } from "@cowboy/codec";
import { ParseCache, standardLibrary } from "@cowboy/pvm";
import { headerHash } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import {
  Accounts,
  applyGenesis,
  applyTransaction,
  BlockError,
  exceptionLine,
  ExecutionError,
  newActorBlockContext,
  singleInterpreter,
  TimerInstructionError,
  TxExhausted,
  type BlockEnv,
  type StateAccess,
} from "../../src/index.js";
import { accountKey, addressOf, memoryState, params, transfer } from "../utils/helpers.js";

const env = (): BlockEnv => ({
  height: 1n,
  timestampMs: 2_000n,
  proposer: new Uint8Array(20),
  cycleBasefee: 10_000n,
  cellBasefee: 10_000n,
  beacon: new Uint8Array(32),
  actors: newActorBlockContext(),
});

function funded(): StateAccess {
  const { store, fork } = memoryState();
  const genesis = applyGenesis(fork, { timestampMs: 1_000n, allocations: [{ address: addressOf(0), balance: 10n ** 15n }], cycleBasefee: 10_000n, cellBasefee: 10_000n }, params);
  store.commit(fork, 0n, headerHash(genesis));
  return store.fork();
}

describe("execution errors", () => {
  it("an overdraft is ExecutionError OVERDRAFT, not a RangeError", () => {
    const accounts = new Accounts(funded(), accountKey);
    const error = (() => {
      try {
        accounts.debit(addressOf(5), 1n);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ExecutionError);
    expect(error).toBeInstanceOf(CowboyError);
    expect(error).toMatchObject({ code: "OVERDRAFT" });
  });

  it("a JS error inside an instruction crashes applyTransaction (state reverted) instead of becoming a Reverted receipt", () => {
    const state = funded();
    const recipient = addressOf(9);
    const recipientKey = accountKey(recipient);
    // A state whose write of the recipient's account fails like a host bug would.
    const faulty: StateAccess = {
      get: (k) => state.get(k),
      set: (k, v) => {
        if (k.length === recipientKey.length && k.every((b, i) => b === recipientKey[i])) throw new RangeError("simulated host failure");
        state.set(k, v);
      },
      delete: (k) => state.delete(k),
      checkpoint: () => state.checkpoint(),
      revertTo: (id) => state.revertTo(id),
      commitCheckpoint: (id) => state.commitCheckpoint(id),
      computeRoot: () => state.computeRoot(),
    };
    const before = state.computeRoot();
    expect(() => applyTransaction(faulty, transfer(0, recipient, 1n, 0n), env(), params)).toThrow(RangeError);
    // Only the nonce and pre-charge (outside the instruction's checkpoint) were written; the caller drops the fork.
    expect(new Accounts(state, accountKey).get(recipient).balance).toBe(0n);
    expect(state.computeRoot()).not.toEqual(before);
  });

  it("codes carry their data in meta", () => {
    const cause = new Error("inner");
    const block = new BlockError("LANE_OVERFLOW", "no room", { txIndex: 4 }, { cause });
    expect([block.code, block.meta.txIndex, block.message, block.cause]).toEqual(["LANE_OVERFLOW", 4, "transaction 4: no room", cause]);
    expect(new BlockError("BAD_HEIGHT", "height 3 does not follow 1").message).toBe("height 3 does not follow 1");
    const exhausted = new TxExhausted("OUT_OF_CELLS", "OutOfCells: limit", { detail: "OutOfCells: limit" });
    expect([exhausted.meter, exhausted.meta.detail]).toEqual(["cells", "OutOfCells: limit"]);
    const exception = { type: "LookupError", message: "no actor at 0x00" };
    const timer = new TimerInstructionError("NO_ACTOR", exceptionLine(exception), { exception });
    expect([timer.message, timer.meta.exception]).toEqual(["LookupError: no actor at 0x00", exception]);
  });

  it("newActorBlockContext refuses options that exclude each other, naming both", () => {
    const interpreters = singleInterpreter();
    expect(() => newActorBlockContext({ interpreters, parseCache: new ParseCache() })).toThrow(/`parseCache` and `interpreters` exclude each other/);
    expect(() => newActorBlockContext({ interpreters, stdlib: standardLibrary() })).toThrow(expect.objectContaining({ code: "CONTRADICTORY_OPTIONS" }));
    expect(newActorBlockContext({ interpreters }).interpreters).toBe(interpreters);
  });
});
