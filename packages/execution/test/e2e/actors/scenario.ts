// A scripted actor chain, printed as JSON (roots, receipts, Cycles): run in-process by the tests and
// in child processes by the determinism test; its output is pinned in test-vectors/execution.
import { toHex } from "@cowboy/codec";
import { ActorChain } from "../../utils/chain.js";

const BANK = `from cowboy_sdk import actor, send, call, emit, vrf, block

@actor
class Bank:
    def __init__(self, name):
        self.name = name
        self.storage["balance"] = 0

    def deposit(self, n, peer=None):
        self.storage["balance"] += n
        emit("Deposit", [self.name, n, block.height])
        if peer is not None:
            send(peer, "deposit", n // 2)
        return self.storage["balance"]

    def lucky(self):
        return vrf.randint("lucky", 1, 1000000)

    def ask(self, peer):
        return call(peer, "deposit", 1) * 1.5
`;

export function runScenario(engines: ConstructorParameters<typeof ActorChain>[1] = {}): {
  roots: string[];
  receipts: { status: number; cycles: string; cells: string; ret: string; events: number }[];
} {
  const chain = new ActorChain(undefined, engines);
  const roots: string[] = [];
  const receipts: { status: number; cycles: string; cells: string; ret: string; events: number }[] = [];
  const record = (rs: ReturnType<ActorChain["block"]>) => {
    roots.push(chain.root());
    for (const r of rs) receipts.push({ status: r.status, cycles: r.cycles_used.toString(), cells: r.cells_used.toString(), ret: toHex(r.return_data), events: r.events.length });
  };
  const deploys = chain.block([chain.deployTx(0, BANK, ["a"], 1), chain.deployTx(1, BANK, ["b"], 2)]);
  record(deploys);
  const [a, b] = deploys.map((r) => r.return_data);
  record(chain.block([chain.callTx(2, a!, "deposit", [10, b!]), chain.callTx(3, b!, "deposit", [4])]));
  record(chain.block([chain.callTx(2, a!, "lucky"), chain.callTx(3, a!, "ask", [b!])]));
  record(chain.block([chain.callTx(2, b!, "deposit", [-1, a!]), chain.callTx(3, a!, "nope")]));
  return { roots, receipts };
}

if (/[\\/]scenario\.ts$/.test(process.argv[1] ?? "")) process.stdout.write(JSON.stringify(runScenario()));
