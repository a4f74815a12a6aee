// A fault of the chain (a host call failing with a plain JS exception) or of the interpreter is no outcome of the
// actor's (cips/pvm.md "Faults"): Python cannot catch it, a transaction hitting it is refused (no receipt), a block
// carrying it is invalid, and a timer fire hitting it fails with its whole Cycle budget.
import * as pvm from "@cowboy/pvm";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { BlockError, type InterpreterPool, TxRejection, applyBlock, buildBlock } from "../../../src/index.js";
import { ActorChain, CBY, cbor } from "../../utils/chain.js";

const SOURCE = `from cowboy_sdk import actor, emit, set_timer, block

@actor
class Catcher:
    def __init__(self):
        self.storage["caught"] = 0

    def poke(self):
        try:
            emit("poke", b"")
        except BaseException:
            self.storage["caught"] += 1
        return self.storage["caught"]

    def later(self):
        return set_timer(block.height + 1, "poke", cycles=80_000, cells=2_000)
`;

/** The package's interpreter, except that the host's emitEvent throws a TypeError (a stand-in for a host bug). */
function faultyPool(): InterpreterPool {
  const parseCache = new pvm.ParseCache();
  const invokeActor: typeof pvm.invokeActor = (inv) => {
    const host = new Proxy(inv.host, {
      get(target, prop, receiver) {
        if (prop === "emitEvent") return () => (undefined as unknown as { x: number }).x;
        const v = Reflect.get(target, prop, receiver);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    return pvm.invokeActor({ ...inv, host });
  };
  return { interpreterFor: () => ({ pvm: { invokeActor }, parseCache }), record: () => {} };
}

function setup() {
  const chain = new ActorChain();
  const [r] = chain.block([chain.deployTx(0, SOURCE)]);
  expect(r!.status).toBe(ReceiptStatus.Success);
  return { chain, actor: r!.return_data };
}

describe("faults", () => {
  it("a host bug is not catchable by Python: the builder refuses the transaction, permanently, with no receipt", () => {
    const { chain, actor } = setup();
    const tx = chain.callTx(1, actor, "poke");
    const fork = chain.store.fork();
    const before = fork.get(chain.params.accountKey(tx.from));
    const built = buildBlock({
      state: fork,
      parent: chain.head,
      candidates: [tx],
      params: chain.params,
      proposer: new Uint8Array(20).fill(0xee),
      timestampMs: chain.head.timestamp_ms + 1000n,
      interpreters: faultyPool(),
    });
    expect(built.block.transactions).toHaveLength(0);
    expect(built.skipped).toHaveLength(1);
    const [, rejection] = built.skipped[0]!;
    expect(rejection).toBeInstanceOf(TxRejection);
    expect(rejection.code).toBe("EXECUTION_FAULT");
    expect(rejection.permanent).toBe(true);
    expect((rejection.cause as Error).cause).toBeInstanceOf(TypeError);
    // The sender's nonce and balance are untouched.
    expect(fork.get(chain.params.accountKey(tx.from))).toEqual(before);
  });

  it("a block whose transaction faults on this node is refused as BAD_TRANSACTION", () => {
    const { chain, actor } = setup();
    const tx = chain.callTx(1, actor, "poke");
    const proposer = chain.store.fork();
    const built = buildBlock({
      state: proposer,
      parent: chain.head,
      candidates: [tx],
      params: chain.params,
      proposer: new Uint8Array(20).fill(0xee),
      timestampMs: chain.head.timestamp_ms + 1000n,
    });
    expect(built.execution.receipts[0]!.status).toBe(ReceiptStatus.Success);
    let error: unknown;
    try {
      applyBlock({ state: chain.store.fork(), parent: chain.head, block: built.block, params: chain.params, interpreters: faultyPool() });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BlockError);
    expect((error as BlockError).code).toBe("BAD_TRANSACTION");
    expect((error as BlockError).message).toContain("EXECUTION_FAULT");
  });

  it("without a fault the same call runs and Python sees no exception", () => {
    const { chain, actor } = setup();
    const [r] = chain.block([chain.callTx(1, actor, "poke")]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    expect(r!.return_data).toEqual(cbor(0));
  });

  it("invokeActor throws HostFault (with the host's exception as cause) instead of returning a result", () => {
    const host = new pvm.MemoryHost();
    const bad = new Proxy(host, {
      get(target, prop, receiver) {
        if (prop === "emitEvent")
          return () => {
            throw new RangeError("a bug");
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    const deploy = pvm.invokeActor({ source: SOURCE, host, kind: "deploy", args: new Uint8Array(0), cyclesLimit: 10_000_000, cellsLimit: 1_000_000 });
    expect(deploy.ok).toBe(true);
    let error: unknown;
    try {
      pvm.invokeActor({ source: SOURCE, host: bad, kind: "call", method: "poke", args: new Uint8Array(0), cyclesLimit: 10_000_000, cellsLimit: 1_000_000 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(pvm.HostFault);
    expect((error as pvm.HostFault).code).toBe("HOST_FAULT");
    expect(((error as pvm.HostFault).cause as Error).message).toBe("a bug");
  });

  it("a timer fire that faults fails, using its whole Cycle budget; the block is still built", () => {
    const { chain, actor } = setup();
    expect(chain.block([chain.transferTx(0, actor, 10_000n * CBY)])[0]!.status).toBe(ReceiptStatus.Success);
    const [r] = chain.block([chain.callTx(1, actor, "later")]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    const built = buildBlock({
      state: chain.store.fork(),
      parent: chain.head,
      candidates: [],
      params: chain.params,
      proposer: new Uint8Array(20).fill(0xee),
      timestampMs: chain.head.timestamp_ms + 1000n,
      interpreters: faultyPool(),
    });
    const fires = built.execution.journal.fires;
    expect(fires).toHaveLength(1);
    expect(fires[0]!.status).toBe("reverted");
    expect(fires[0]!.cyclesUsed).toBe(80_000n);
    expect(fires[0]!.trace.error?.type).toBe("InternalError");
  });
});
