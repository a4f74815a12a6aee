// The admission predicate a pool calls and applyTransaction enforces: checkIncludable, its codes,
// and which of them are permanent.
import { createTransaction, headerHash, type Transaction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import {
  applyGenesis,
  applyTransaction,
  checkIncludable,
  ExecutionError,
  isPermanentRejection,
  newActorBlockContext,
  nextBlockBasefees,
  TX_REJECTIONS,
  TxRejection,
  type BlockEnv,
  type StateAccess,
} from "../../src/index.js";
import { addressOf, CHAIN_ID, key, memoryState, params, transfer } from "../utils/helpers.js";

const BASEFEE = 10_000n;
/** What transfer() pre-charges: 21,000 Cycles at its default max fee of 20,000. */
const MAX_FEE = 21_000n * 20_000n;
const VALUE = 5_000n;

/** A head state where sender 0 holds exactly `balance` (and sender 1 plenty). */
function head(balance: bigint): { state: StateAccess; basefees: { cycle: bigint; cell: bigint } } {
  const { store, fork } = memoryState();
  const genesis = applyGenesis(
    fork,
    {
      timestampMs: 1_000n,
      allocations: [
        { address: addressOf(0), balance },
        { address: addressOf(1), balance: 10n ** 15n },
      ],
      cycleBasefee: BASEFEE,
      cellBasefee: BASEFEE,
    },
    params,
  );
  store.commit(fork, 0n, headerHash(genesis));
  return { state: store.fork(), basefees: nextBlockBasefees(genesis, params) };
}

const codeOf = (r: TxRejection | undefined) => (r === undefined ? undefined : [r.code, r.permanent]);

function env(basefees: { cycle: bigint; cell: bigint }): BlockEnv {
  return {
    height: 1n,
    timestampMs: 2_000n,
    proposer: new Uint8Array(20),
    cycleBasefee: basefees.cycle,
    cellBasefee: basefees.cell,
    beacon: new Uint8Array(32),
    actors: newActorBlockContext(),
  };
}

describe("checkIncludable", () => {
  it("admits a valid transfer and refuses one whose balance covers the fee but not fee + value (transient)", () => {
    const tx = transfer(0, addressOf(9), VALUE, 0n);
    expect(checkIncludable({ ...head(MAX_FEE + VALUE), tx, params })).toBeUndefined();
    const short = head(MAX_FEE + VALUE - 1n);
    const rejection = checkIncludable({ ...short, tx, params });
    expect(codeOf(rejection)).toEqual(["INSUFFICIENT_BALANCE", false]);
    expect(rejection!.message).toBe(`balance ${MAX_FEE + VALUE - 1n} does not cover the maximum cost ${MAX_FEE + VALUE}`);
    // The fee alone is covered: the value is what tips it over.
    expect(checkIncludable({ ...short, tx: transfer(0, addressOf(9), 0n, 0n), params })).toBeUndefined();
    // applyTransaction enforces the same rule, with the same code, and writes nothing.
    const before = short.state.computeRoot();
    expect(() => applyTransaction(short.state, tx, env(short.basefees), params)).toThrow(expect.objectContaining({ name: "TxRejection", code: "INSUFFICIENT_BALANCE" }));
    expect(short.state.computeRoot()).toEqual(before);
  });

  it("refuses used nonces permanently and future ones transiently, admitting up to pendingNonce", () => {
    const h = head(10n ** 15n);
    expect(codeOf(checkIncludable({ ...h, tx: transfer(0, addressOf(9), 1n, 1n), params }))).toEqual(["NONCE_TOO_HIGH", false]);
    expect(checkIncludable({ ...h, tx: transfer(0, addressOf(9), 1n, 1n), params, pendingNonce: 1n })).toBeUndefined();
    expect(codeOf(checkIncludable({ ...h, tx: transfer(0, addressOf(9), 1n, 2n), params, pendingNonce: 1n }))).toEqual(["NONCE_TOO_HIGH", false]);
    applyTransaction(h.state, transfer(0, addressOf(9), 1n, 0n), env(h.basefees), params);
    expect(codeOf(checkIncludable({ ...h, tx: transfer(0, addressOf(9), 1n, 0n), params }))).toEqual(["NONCE_TOO_LOW", true]);
  });

  it("counts the pending transactions' cost against the balance", () => {
    const h = head(2n * (MAX_FEE + VALUE));
    const second = transfer(0, addressOf(9), VALUE, 1n);
    expect(checkIncludable({ ...h, tx: second, params, pendingNonce: 1n, pendingCost: MAX_FEE + VALUE })).toBeUndefined();
    expect(codeOf(checkIncludable({ ...h, tx: second, params, pendingNonce: 1n, pendingCost: MAX_FEE + VALUE + 1n }))).toEqual(["INSUFFICIENT_BALANCE", false]);
  });

  it("refuses a fee below the basefee (transient) and limits below the intrinsic costs (permanent)", () => {
    const h = head(10n ** 15n);
    expect(codeOf(checkIncludable({ ...h, tx: transfer(0, addressOf(9), 1n, 0n, { maxFee: BASEFEE - 1n }), params }))).toEqual(["FEE_BELOW_BASEFEE", false]);
    expect(codeOf(checkIncludable({ ...h, tx: transfer(0, addressOf(9), 1n, 0n, { cyclesLimit: 20_999n }), params }))).toEqual(["INTRINSIC_CYCLES_TOO_LOW", true]);
  });

  it("checks the stateless rules and the signature unless told they were verified", () => {
    const h = head(10n ** 15n);
    const tx = transfer(0, addressOf(9), 1n, 0n);
    const forged: Transaction = createTransaction({ ...tx, signature: transfer(1, addressOf(9), 1n, 0n).signature });
    expect(codeOf(checkIncludable({ ...h, tx: forged, params }))).toEqual(["INVALID_SIGNATURE", true]);
    expect(checkIncludable({ ...h, tx: forged, params, verifySignatures: false })).toBeUndefined();
    const foreign = createTransaction({ ...tx, chainId: CHAIN_ID + 1n }).sign(key(0));
    const stateless = checkIncludable({ ...h, tx: foreign, params });
    expect(codeOf(stateless)).toEqual(["STATELESS_CHECK_FAILED", true]);
    expect(stateless!.meta).toEqual({ transactionError: "CHAIN_ID_MISMATCH" });
  });

  it("refuses contradictory or impossible options, naming them", () => {
    const h = head(10n ** 15n);
    const tx = transfer(0, addressOf(9), 1n, 0n);
    expect(() => checkIncludable({ ...h, tx, params, pendingCost: 1n })).toThrow(expect.objectContaining({ name: "ExecutionError", code: "CONTRADICTORY_OPTIONS" }));
    applyTransaction(h.state, tx, env(h.basefees), params);
    expect(() => checkIncludable({ ...h, tx, params, pendingNonce: 0n })).toThrow(/pendingNonce 0 is below the account nonce 1/);
    expect(() => checkIncludable({ ...h, state: {} as StateAccess, tx, params })).toThrow(ExecutionError);
  });
});

describe("rejection codes", () => {
  it("say which refusals a pool drops (permanent) and which it keeps (transient)", () => {
    const permanent = Object.keys(TX_REJECTIONS).filter((code) => isPermanentRejection(code as keyof typeof TX_REJECTIONS));
    expect(permanent).toEqual([
      "STATELESS_CHECK_FAILED",
      "INVALID_SIGNATURE",
      "NONCE_TOO_LOW",
      "INTRINSIC_CYCLES_TOO_LOW",
      "INTRINSIC_CELLS_TOO_LOW",
      "UNSUPPORTED_INSTRUCTION",
      "EXECUTION_FAULT",
    ]);
    expect(new TxRejection("LANE_FULL", "full").permanent).toBe(false);
  });
});
