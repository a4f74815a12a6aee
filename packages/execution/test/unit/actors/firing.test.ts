// Timers firing at the end of blocks (cips/actors.md "Timers"): the handler runs as a call from the
// timer's owner to its target, after the block's transactions, paid by the fee payer; its Cycles
// fill the header's timer lane. Every block is built by a proposer and re-applied by a verifier.
import { activeTimers, createSchedulerConfig, getTimer, timersOf } from "@cowboy/scheduler";
import { toHex } from "@cowboy/codec";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { envOf, newActorBlockContext, perFireCharge, type ChainParams } from "../../../src/index.js";
import { addressOf, params as baseParams } from "../../utils/helpers.js";
import { ActorChain, CBY, cbor } from "../../utils/chain.js";

const withTimers: ChainParams = baseParams;
const { scheduler: _, ...withoutTimers } = baseParams;

const TICKER = `from cowboy_sdk import actor, set_timer, set_interval, cancel_timer, block, msg, transfer, this

@actor
class Ticker:
    def __init__(self):
        self.storage["ticks"] = 0
        self.storage["last"] = 0

    def start(self, every):
        return set_timer(block.height + every, "tick", every, cycles=80_000, cells=2_000)

    def tick(self, every):
        self.storage["ticks"] += 1
        self.storage["last"] = block.height
        set_timer(block.height + every, "tick", every, cycles=80_000, cells=2_000)

    def every(self, n, data=None):
        self.storage["timer"] = set_interval(n, "ring", data, cycles=80_000, cells=2_000)
        return self.storage["timer"]

    def ring(self, data=None):
        self.storage["ticks"] += 1
        self.storage["data"] = data
        self.storage["sender"] = msg.sender
        self.storage["last"] = block.height

    def stop(self):
        return cancel_timer(self.storage["timer"])

    def boom(self, n):
        self.storage["timer"] = set_interval(n, "explode", cycles=80_000, cells=2_000)

    def explode(self):
        self.storage["ticks"] += 1
        raise ValueError("boom")

    def spin(self):
        set_timer(block.height + 1, "forever", cycles=30_000, cells=2_000)

    def forever(self):
        while True:
            pass

    def bomb(self, n):
        for i in range(n):
            set_timer(block.height + 1_000 + i, "ring", cycles=10_000, cells=0)
        return n

    def bid_timer(self, agent):
        return set_timer(block.height + 1, "ring", "bid", cycles=50_000, cells=500, priority="fast", bidding_agent=agent)

    def give_all(self, to):
        transfer(to, this.balance)

    def get(self, key):
        return self.storage.get(key)
`;

const BIDDER = `from cowboy_sdk import actor

@actor
class Bidder:
    def get_gas_bid(self, ctx):
        late = ctx["current_height"] - ctx["trigger_height"]
        assert len(ctx["timer_id"]) == 32 and ctx["owner_balance"] > 0 and ctx["basefee_cycle"] >= 1
        return {"max_fee_per_cycle": 1_000, "max_priority_fee_per_cycle": 5 + ctx["tier"] + late}
`;

const PROPOSER = new Uint8Array(20).fill(0xee);

function deployTicker(chain: ActorChain, fund: bigint): Uint8Array {
  const [r] = chain.block([chain.deployTx(0, TICKER)]);
  expect(r!.status).toBe(ReceiptStatus.Success);
  const ticker = r!.return_data;
  if (fund > 0n) expect(chain.block([chain.transferTx(0, ticker, fund)])[0]!.status).toBe(ReceiptStatus.Success);
  return ticker;
}

const get = (chain: ActorChain, actor: Uint8Array, key: string): Uint8Array => {
  const r = chain.query(actor, "get", [key]);
  expect(r.ok).toBe(true);
  return r.data;
};

describe("timers fire at the end of their block", () => {
  it("a self-rescheduling ticker runs 1,000 blocks with no transactions, paid by the actor", () => {
    const chain = new ActorChain(withTimers);
    const ticker = deployTicker(chain, 10_000n * CBY);
    expect(chain.block([chain.callTx(1, ticker, "start", [1])])[0]!.status).toBe(ReceiptStatus.Success);
    const start = chain.head.height;
    let before = chain.account(ticker).balance;
    let charged = 0n;
    for (let i = 0; i < 1_000; i++) {
      // Every 100th block is also re-applied by a verifier (agreement); the rest are committed as built.
      chain.block([], { verify: i % 100 === 99 });
      const report = chain.last!.timers!;
      expect(report.fired).toHaveLength(1);
      const fire = report.fired[0]!;
      expect(fire.handler).toBe("tick");
      expect(fire.owner).toEqual(ticker);
      // The lane carries exactly the fire's Cycles, and an empty block's usage is the timer lane.
      expect(chain.head.lane_usage.timer).toBe(report.laneCyclesUsed);
      expect(chain.head.cycles_used).toBe(report.laneCyclesUsed);
      expect(report.laneCyclesUsed).toBe(fire.cyclesUsed);
      charged += fire.charged;
      const after = chain.account(ticker).balance;
      expect(before - after).toBe(fire.charged);
      before = after;
    }
    expect(get(chain, ticker, "ticks")).toEqual(cbor(1_000));
    expect(get(chain, ticker, "last")).toEqual(cbor(Number(start) + 1_000));
    expect(charged).toBeGreaterThan(0n);
  }, 300_000);

  it("an interval passes its data, sees the owner as msg.sender, and stops when cancelled", () => {
    const chain = new ActorChain(withTimers);
    const ticker = deployTicker(chain, 100n * CBY);
    const [armed] = chain.block([chain.callTx(1, ticker, "every", [3, { k: "v" }])]);
    expect(armed!.status).toBe(ReceiptStatus.Success);
    const armedAt = chain.head.height;
    const fires: bigint[] = [];
    for (let i = 0; i < 9; i++) {
      chain.block([]);
      if (chain.last!.timers!.fired.length > 0) {
        fires.push(chain.head.height);
        expect(chain.last!.timers!.fired[0]!.rearmedAt).toBe(chain.head.height + 3n);
      }
    }
    expect(fires).toEqual([armedAt + 3n, armedAt + 6n, armedAt + 9n]);
    expect(get(chain, ticker, "ticks")).toEqual(cbor(3));
    expect(get(chain, ticker, "data")).toEqual(cbor({ k: "v" }));
    expect(get(chain, ticker, "sender")).toEqual(cbor(ticker));
    expect(chain.block([chain.callTx(1, ticker, "stop")])[0]!.return_data).toEqual(cbor(true));
    for (let i = 0; i < 6; i++) {
      chain.block([]);
      expect(chain.last!.timers!.fired).toHaveLength(0);
    }
    expect(get(chain, ticker, "ticks")).toEqual(cbor(3));
  });

  it("a timer scheduled by a transaction fires with the sender as msg.sender and the sender paying", () => {
    const chain = new ActorChain(withTimers);
    const ticker = deployTicker(chain, 0n);
    const payer = chain.account(addressOf(2)).balance;
    const [r] = chain.block([
      chain.tx(2, {
        type: "schedule_timer",
        target: ticker,
        handler: "ring",
        data: cbor(7),
        fireAt: chain.head.height + 2n,
        cyclesPerFire: 80_000n,
        cellsPerFire: 2_000n,
        expiresAt: null,
        feePayer: null,
      }),
    ]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    const afterTx = chain.account(addressOf(2)).balance;
    expect(payer - afterTx).toBe(r!.fee_paid);
    chain.block([]);
    const fire = chain.last!.timers!.fired[0]!;
    expect(fire.owner).toEqual(addressOf(2));
    expect(chain.account(addressOf(2)).balance).toBe(afterTx - fire.charged);
    expect(get(chain, ticker, "sender")).toEqual(cbor(addressOf(2)));
    expect(get(chain, ticker, "data")).toEqual(cbor(7));
    expect(getTimer(chain.store.fork() as never, r!.return_data)).toBeUndefined(); // a one-shot is gone
  });

  it("arming without the funds for one fire raises ValueError in the actor and schedules nothing", () => {
    const chain = new ActorChain(withTimers);
    const ticker = deployTicker(chain, 0n);
    const [r] = chain.block([chain.callTx(1, ticker, "start", [1])]);
    expect(r!.status).toBe(ReceiptStatus.Reverted);
    // 80,000 Cycles and 2,000 Cells at the timer lane's basefees of this chain's first blocks.
    const charge = perFireCharge(chain.store.fork(), envOf(chain.head, newActorBlockContext()), withTimers, withTimers.scheduler!, 80_000n, 2_000n);
    expect(charge).toBeGreaterThan(0n);
    expect(new TextDecoder().decode(r!.return_data)).toBe(
      `ValueError: timer refused: its fee payer 0x${toHex(ticker)} holds 0 but each fire is pre-charged ${charge} (cycles=80000 and cells=2000 at this block's timer-lane basefees); fund it or lower cycles/cells`,
    );
    expect(timersOf(chain.store.fork() as never, ticker)).toEqual([]);
    // One base unit short is refused too; the exact pre-charge is enough.
    expect(chain.block([chain.transferTx(0, ticker, charge - 1n)])[0]!.status).toBe(ReceiptStatus.Success);
    expect(chain.block([chain.callTx(1, ticker, "start", [5])])[0]!.status).toBe(ReceiptStatus.Reverted);
    expect(chain.block([chain.transferTx(0, ticker, 1n)])[0]!.status).toBe(ReceiptStatus.Success);
    expect(chain.block([chain.callTx(1, ticker, "start", [5])])[0]!.status).toBe(ReceiptStatus.Success);
  });

  it("a schedule_timer instruction whose fee payer cannot cover one fire reverts with the same ValueError", () => {
    const chain = new ActorChain(withTimers);
    const ticker = deployTicker(chain, 0n);
    const [r] = chain.block([
      chain.tx(2, {
        type: "schedule_timer",
        target: ticker,
        handler: "ring",
        data: new Uint8Array(0),
        fireAt: chain.head.height + 2n,
        cyclesPerFire: 10n ** 15n,
        cellsPerFire: 0n,
        expiresAt: null,
        feePayer: null,
      }),
    ]);
    expect(r!.status).toBe(ReceiptStatus.Reverted);
    expect(new TextDecoder().decode(r!.return_data)).toMatch(/^ValueError: timer refused: its fee payer 0x[0-9a-f]{40} holds \d+ but each fire is pre-charged \d+/);
  });

  it("a fee payer that runs dry after arming loses the timer without a fire; the journal records insufficient_funds", () => {
    const chain = new ActorChain(withTimers);
    const ticker = deployTicker(chain, 100n * CBY);
    const [r] = chain.block([chain.callTx(1, ticker, "start", [2])]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    const id = r!.return_data.slice(2);
    expect(chain.block([chain.callTx(1, ticker, "give_all", [addressOf(3)])])[0]!.status).toBe(ReceiptStatus.Success);
    expect(chain.account(ticker).balance).toBe(0n);
    chain.block([]);
    const report = chain.last!.timers!;
    expect(report.fired).toHaveLength(0);
    expect(report.destroyed).toEqual([{ id, owner: ticker, handler: "tick", reason: "insufficient-funds" }]);
    expect(chain.last!.journal.ended).toEqual([{ timerId: id, owner: ticker, handler: "tick", reason: "insufficient_funds" }]);
    expect(getTimer(chain.store.fork() as never, id)).toBeUndefined();
    expect(get(chain, ticker, "ticks")).toEqual(cbor(0));
    expect(chain.head.lane_usage.timer).toBe(0n);
  });

  it("a handler that raises is charged, its writes undone, and its interval re-armed", () => {
    const chain = new ActorChain(withTimers);
    const ticker = deployTicker(chain, 100n * CBY);
    chain.block([chain.callTx(1, ticker, "boom", [1])]);
    const balance = chain.account(ticker).balance;
    chain.block([]);
    const fire = chain.last!.timers!.fired[0]!;
    expect(fire.handler).toBe("explode");
    expect(fire.cyclesUsed).toBeGreaterThan(0n);
    expect(fire.rearmedAt).toBe(chain.head.height + 1n);
    expect(chain.account(ticker).balance).toBe(balance - fire.charged);
    expect(get(chain, ticker, "ticks")).toEqual(cbor(0));
  });

  it("a handler that never ends uses exactly its per-fire Cycles and changes nothing", () => {
    const chain = new ActorChain(withTimers);
    const ticker = deployTicker(chain, 100n * CBY);
    chain.block([chain.callTx(1, ticker, "spin")]);
    const root = chain.root();
    chain.block([]);
    const fire = chain.last!.timers!.fired[0]!;
    expect(fire.handler).toBe("forever");
    expect(fire.cyclesUsed).toBe(30_000n);
    expect(chain.head.lane_usage.timer).toBe(30_000n);
    expect(chain.root()).not.toBe(root); // only the fee moved
    expect(get(chain, ticker, "ticks")).toEqual(cbor(0));
  });

  it("a timer bomb stops at 1,024 active timers per actor; the refused call schedules nothing", () => {
    const chain = new ActorChain(withTimers);
    const ticker = deployTicker(chain, 100n * CBY);
    const bomb = (n: number) => chain.block([chain.callTx(1, ticker, "bomb", [n], { cycles: 20_000_000n })])[0]!;
    for (let i = 0; i < 4; i++) expect(bomb(256).status).toBe(ReceiptStatus.Success);
    expect(activeTimers(chain.store.fork() as never, ticker)).toBe(1_024);
    const refused = bomb(1);
    expect(refused.status).toBe(ReceiptStatus.Reverted);
    expect(new TextDecoder().decode(refused.return_data)).toBe("RuntimeError: owner already has 1024 active timers (cap 1024)");
    expect(timersOf(chain.store.fork() as never, ticker)).toHaveLength(1_024);
  });

  it("under the CIP-1 auction a timer's Gas Bidding Agent is asked for its bid with the spec's context; the tip goes to the proposer", () => {
    const auction: ChainParams = { ...baseParams, scheduler: createSchedulerConfig({ auctionActivationHeight: 0n }) };
    const chain = new ActorChain(auction);
    const ticker = deployTicker(chain, 100n * CBY);
    const [agent] = chain.block([chain.deployTx(1, BIDDER, [], 9)]);
    expect(agent!.status).toBe(ReceiptStatus.Success);
    const [armed] = chain.block([chain.callTx(1, ticker, "bid_timer", [agent!.return_data])]);
    expect(armed!.status).toBe(ReceiptStatus.Success);
    const id = armed!.return_data.slice(2);
    expect(getTimer(chain.store.fork() as never, id)!.gba).toEqual(agent!.return_data);
    const proposer = chain.account(PROPOSER).balance;
    const payer = chain.account(ticker).balance;
    chain.block([]);
    const report = chain.last!.timers!;
    const fire = report.fired[0]!;
    expect(fire.handler).toBe("ring");
    // The agent bid a tip of 5 + tier (fast = 2) + blocks late (0) per Cycle, under a max fee of 1,000.
    expect(report.tips).toBe(fire.cyclesUsed * 7n);
    expect(chain.account(PROPOSER).balance - proposer).toBe(report.tips);
    expect(payer - chain.account(ticker).balance).toBe(fire.charged);
    expect(fire.charged).toBe(fire.cyclesUsed * (report.laneBasefee + 7n) + fire.cellsUsed * chain.head.cell_basefee);
    expect(get(chain, ticker, "data")).toEqual(cbor("bid"));
  });

  it("a chain without the scheduler reports no timer work", () => {
    const chain = new ActorChain(withoutTimers);
    chain.block([]);
    expect(chain.last!.timers).toBeNull();
    expect(chain.head.lane_usage.timer).toBe(0n);
  });
});
