// Scheduling and cancelling native timers on chain: actors' host calls (cowboy_sdk.set_timer and
// friends) and the schedule_timer / schedule_interval / cancel_timer instructions.
import { toHex } from "@cowboy/codec";
import { getTimer } from "@cowboy/scheduler";
import { actorAddress, canonicalizeSource, codeHash, ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import type { ChainParams } from "../../../src/index.js";
import { addressOf, params as baseParams } from "../../utils/helpers.js";
import { ActorChain, CBY, cbor, text } from "../../utils/chain.js";

const withTimers: ChainParams = baseParams;
const { scheduler: _, ...withoutTimers } = baseParams;

const ALARM = `from cowboy_sdk import actor, set_timer, set_interval, cancel_timer, block

@actor
class Alarm:
    def __init__(self):
        self.storage["rings"] = 0

    def arm(self, blocks):
        return set_timer(block.height + blocks, "ring", "hello", cycles=50_000, cells=1_000, priority="fast")

    def arm_every(self, blocks):
        return set_interval(blocks, self.ring)

    def arm_past(self):
        return set_timer(block.height, "ring")

    def arm_bad_tier(self):
        return set_timer(block.height + 1, "ring", priority="asap")

    def arm_then_fail(self):
        set_timer(block.height + 5, "ring")
        raise ValueError("changed my mind")

    def disarm(self, timer_id):
        return cancel_timer(timer_id)

    def ring(self, data=None):
        self.storage["rings"] += 1
`;

/** Deploys ALARM and, in the same block, funds it (its timers pass the arming check). */
function deployAlarm(chain: ActorChain, fund = 100n * CBY): Uint8Array {
  const address = actorAddress(addressOf(0), new Uint8Array(32), codeHash(canonicalizeSource(ALARM)));
  const [r, t] = chain.block([chain.deployTx(0, ALARM), chain.transferTx(0, address, fund)]);
  expect(r!.status).toBe(ReceiptStatus.Success);
  expect(t!.status).toBe(ReceiptStatus.Success);
  expect(r!.return_data).toEqual(address);
  return r!.return_data;
}

/** The canonical CBOR of a 32-byte id as an actor returns it. */
function idOf(returnData: Uint8Array): Uint8Array {
  expect(returnData.length).toBe(34);
  expect([...returnData.subarray(0, 2)]).toEqual([0x58, 0x20]);
  return returnData.slice(2);
}

describe("timers scheduled by actors", () => {
  it("set_timer stores a record owned, targeted and paid by the actor, with the options asked for", () => {
    const chain = new ActorChain(withTimers);
    const alarm = deployAlarm(chain);
    const [r] = chain.block([chain.callTx(1, alarm, "arm", [10])]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    const id = idOf(r!.return_data);
    const record = getTimer(chain.store.fork() as never, id)!;
    expect(record.owner).toEqual(alarm);
    expect(record.target).toEqual(alarm);
    expect(record.feePayer).toEqual(alarm);
    expect(record.handler).toBe("ring");
    expect(record.data).toEqual(cbor("hello"));
    expect(record.fireHeight).toBe(2n + 10n); // called in block 2
    expect(record.interval).toBe(0n);
    expect(record.gasLimitPerFire).toBe(50_000n);
    expect(record.maxCellsPerFire).toBe(1_000n);
    expect(record.tier).toBe(2);
  });

  it("set_interval with no data stores an empty payload and the first fire one interval ahead", () => {
    const chain = new ActorChain(withTimers);
    const alarm = deployAlarm(chain);
    const [r] = chain.block([chain.callTx(1, alarm, "arm_every", [3])]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    const record = getTimer(chain.store.fork() as never, idOf(r!.return_data))!;
    expect(record.interval).toBe(3n);
    expect(record.fireHeight).toBe(2n + 3n);
    expect(record.data).toEqual(new Uint8Array(0));
  });

  it("cancel_timer removes the actor's own timer once; a second cancel is False", () => {
    const chain = new ActorChain(withTimers);
    const alarm = deployAlarm(chain);
    const id = idOf(chain.block([chain.callTx(1, alarm, "arm", [10])])[0]!.return_data);
    const [first] = chain.block([chain.callTx(1, alarm, "disarm", [id])]);
    expect(first!.status).toBe(ReceiptStatus.Success);
    expect(first!.return_data).toEqual(cbor(true));
    expect(getTimer(chain.store.fork() as never, id)).toBeUndefined();
    const [second] = chain.block([chain.callTx(1, alarm, "disarm", [id])]);
    expect(second!.return_data).toEqual(cbor(false));
  });

  it("refusals reach the actor as Python exceptions and write nothing", () => {
    const chain = new ActorChain(withTimers);
    const alarm = deployAlarm(chain);
    const root = chain.root();
    const [past, tier, rolled] = chain.block([chain.callTx(1, alarm, "arm_past"), chain.callTx(2, alarm, "arm_bad_tier"), chain.callTx(3, alarm, "arm_then_fail")]);
    expect(past!.status).toBe(ReceiptStatus.Reverted);
    expect(text(past!.return_data)).toMatch(/^ValueError: fireHeight: 2 is not after the current block 2/);
    expect(text(tier!.return_data)).toBe("ValueError: priority must be one of 'economy', 'standard', 'fast', 'urgent'");
    expect(text(rolled!.return_data)).toBe("ValueError: changed my mind");
    expect(chain.root()).not.toBe(root); // fees and nonces moved …
    // … but no timer exists: the actor can still schedule its full quota from a clean count.
    expect(chain.query(alarm, "arm", [1]).ok).toBe(true);
  });

  it("a chain without the scheduler refuses with RuntimeError", () => {
    const chain = new ActorChain(withoutTimers);
    const alarm = deployAlarm(chain);
    const [r] = chain.block([chain.callTx(1, alarm, "arm", [10])]);
    expect(r!.status).toBe(ReceiptStatus.Reverted);
    expect(text(r!.return_data)).toBe("RuntimeError: timers are not enabled on this chain");
  });
});

describe("timer instructions", () => {
  const timerTx = (chain: ActorChain, from: number, target: Uint8Array, fireAt: bigint, feePayer: Uint8Array | null = null) =>
    chain.tx(from, { type: "schedule_timer", target, handler: "ring", data: new Uint8Array(0), fireAt, cyclesPerFire: 40_000n, cellsPerFire: 500n, expiresAt: null, feePayer });

  it("schedule_timer: the sender owns it, the target runs it; the receipt returns the id", () => {
    const chain = new ActorChain(withTimers);
    const alarm = deployAlarm(chain);
    const [r] = chain.block([timerTx(chain, 1, alarm, 20n)]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    expect(r!.return_data).toHaveLength(32);
    const record = getTimer(chain.store.fork() as never, r!.return_data)!;
    expect(record.owner).toEqual(addressOf(1));
    expect(record.target).toEqual(alarm);
    expect(record.feePayer).toEqual(addressOf(1));
    expect(record.fireHeight).toBe(20n);
    expect(record.tier).toBe(1);
    expect(r!.cycles_used).toBe(5_000n);
  });

  it("schedule_interval: first fire every_blocks ahead", () => {
    const chain = new ActorChain(withTimers);
    const alarm = deployAlarm(chain);
    const tx = chain.tx(2, {
      type: "schedule_interval",
      target: alarm,
      handler: "ring",
      data: cbor(7),
      everyBlocks: 4n,
      cyclesPerFire: 40_000n,
      cellsPerFire: 500n,
      expiresAt: 100n,
      feePayer: null,
    });
    const [r] = chain.block([tx]);
    const record = getTimer(chain.store.fork() as never, r!.return_data)!;
    expect(record.interval).toBe(4n);
    expect(record.fireHeight).toBe(6n);
    expect(record.expiresAt).toBe(100n);
    expect(record.data).toEqual(cbor(7));
  });

  it("refused instructions revert with the reason and schedule nothing", () => {
    const chain = new ActorChain(withTimers);
    const alarm = deployAlarm(chain);
    const [noActor, unsigned, past] = chain.block([timerTx(chain, 1, addressOf(3), 20n), timerTx(chain, 2, alarm, 20n, addressOf(3)), timerTx(chain, 3, alarm, 1n)]);
    expect(noActor!.status).toBe(ReceiptStatus.Reverted);
    expect(text(noActor!.return_data)).toBe(`LookupError: no actor at 0x${toHex(addressOf(3))}`);
    expect(text(unsigned!.return_data)).toBe(`PermissionError: fee payer 0x${toHex(addressOf(3))} did not sign the transaction`);
    expect(text(past!.return_data)).toMatch(/^ValueError: fireHeight: 1 is not after the current block 2/);
    expect(noActor!.cycles_used).toBe(5_000n);
  });

  it("cancel_timer: only the owner; unknown ids revert with LookupError", () => {
    const chain = new ActorChain(withTimers);
    const alarm = deployAlarm(chain);
    const id = chain.block([timerTx(chain, 1, alarm, 20n)])[0]!.return_data;
    const [stranger] = chain.block([chain.tx(2, { type: "cancel_timer", timerId: id })]);
    expect(stranger!.status).toBe(ReceiptStatus.Reverted);
    expect(text(stranger!.return_data)).toBe("PermissionError: caller: only the timer's owner may cancel it");
    const [owner] = chain.block([chain.tx(1, { type: "cancel_timer", timerId: id })]);
    expect(owner!.status).toBe(ReceiptStatus.Success);
    expect(getTimer(chain.store.fork() as never, id)).toBeUndefined();
    const [again] = chain.block([chain.tx(1, { type: "cancel_timer", timerId: id })]);
    expect(text(again!.return_data)).toBe("LookupError: id: no active timer has this id");
  });

  it("a chain without the scheduler does not include timer instructions", () => {
    const chain = new ActorChain(withoutTimers);
    const alarm = deployAlarm(chain);
    expect(() => chain.block([timerTx(chain, 1, alarm, 20n)])).toThrow(/UNSUPPORTED_INSTRUCTION|timers are not enabled/);
  });
});
