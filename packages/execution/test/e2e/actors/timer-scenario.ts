// A scripted timer chain, printed as JSON: per block its state root, timer-lane usage and the fires
// and destructions of the end-of-block step. Run in-process by the tests and in child processes
// by the determinism test; pinned in test-vectors/execution/timer-chain.json.
import { toHex } from "@cowboy/codec";
import { params } from "../../utils/helpers.js";
import { ActorChain, CBY, cbor } from "../../utils/chain.js";

const CLOCK = `from cowboy_sdk import actor, set_timer, set_interval, cancel_timer, block, send

@actor
class Clock:
    def __init__(self, peer):
        self.storage["peer"] = peer
        self.storage["beats"] = []

    def start(self):
        self.storage["pulse"] = set_interval(2, "pulse", {"n": 1}, cycles=120_000, cells=4_000)
        set_timer(block.height + 3, self.once, cycles=60_000, cells=2_000, priority="urgent")

    def pulse(self, data):
        beats = self.storage["beats"]
        beats.append(block.height)
        self.storage["beats"] = beats
        send(self.storage["peer"], "note", data["n"] + len(beats))

    def once(self):
        self.storage["once"] = block.height
        set_timer(block.height + 2, "pulse", {"n": 100}, cycles=120_000, cells=4_000)

    def stop(self):
        return cancel_timer(self.storage["pulse"])

    def note(self, n):
        self.storage["notes"] = self.storage.get("notes", 0) + n
`;

export interface TimerScenarioResult {
  readonly blocks: { root: string; timer_lane: string; cycles_used: string; cells_used: string; fired: string[]; destroyed: string[] }[];
}

export function runTimerScenario(): TimerScenarioResult {
  const chain = new ActorChain(params);
  const blocks: TimerScenarioResult["blocks"] = [];
  const record = () => {
    const report = chain.last!.timers!;
    blocks.push({
      root: chain.root(),
      timer_lane: chain.head.lane_usage.timer.toString(),
      cycles_used: chain.head.cycles_used.toString(),
      cells_used: chain.head.cells_used.toString(),
      fired: report.fired.map((f) => `${toHex(f.id)}:${f.handler}:${f.cyclesUsed}:${f.cellsUsed}:${f.charged}:${f.rearmedAt ?? "-"}`),
      destroyed: report.destroyed.map((d) => `${toHex(d.id)}:${d.reason}`),
    });
  };
  const [peer] = chain.block([chain.deployTx(0, CLOCK, [new Uint8Array(20)], 1)]);
  record();
  const [clock] = chain.block([chain.deployTx(1, CLOCK, [peer!.return_data], 2)]);
  record();
  const a = clock!.return_data;
  chain.block([chain.transferTx(0, a, 50n * CBY), chain.callTx(2, a, "start")]);
  record();
  // A transaction-scheduled one-shot on the peer, paid by its sender, and an unfunded actor's timer.
  chain.block([
    chain.tx(3, {
      type: "schedule_timer",
      target: peer!.return_data,
      handler: "note",
      data: cbor(5),
      fireAt: chain.head.height + 2n,
      cyclesPerFire: 90_000n,
      cellsPerFire: 1_000n,
      expiresAt: null,
      feePayer: null,
    }),
    chain.callTx(3, peer!.return_data, "start"),
  ]);
  record();
  for (let i = 0; i < 8; i++) {
    chain.block([]);
    record();
  }
  chain.block([chain.callTx(2, a, "stop")]);
  record();
  for (let i = 0; i < 3; i++) {
    chain.block([]);
    record();
  }
  return { blocks };
}

if (process.argv[1]?.endsWith("timer-scenario.ts")) process.stdout.write(JSON.stringify(runTimerScenario()));
