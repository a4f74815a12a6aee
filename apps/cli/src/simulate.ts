// Simulate before sending (issue 20; apps/cli/README.md "Simulation and fees"): `actor deploy` and
// `actor call` first run the transaction on the node (`cowboy_simulateTransaction`: a fork of the
// head, the next block's rules) and refuse what would fail, with the Python error, unless --force;
// the limits and fees they then sign come from that run's use (the node's fee estimate: use + 20%,
// max fee per unit = the basefee after 12 full blocks + the median recent tip).
import type { CowboyClient } from "@cowboy/client";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { createTransaction, DEFAULT_TRANSACTION_LIMITS, transactionToJson, type Instruction, type Transaction } from "@cowboy/types";
import { rpcCall } from "./commands/chain.js";
import { CliError } from "./errors.js";

/** The node's answer (apps/node README "JSON-RPC", `cowboy_simulateTransaction`). */
export interface SimulationJson {
  readonly status: "success" | "reverted" | "out_of_cycles" | "out_of_cells" | "rejected";
  readonly ok: boolean;
  /** Canonical return value (hex) when ok. */
  readonly result: string | null;
  /** The Python exception line (or the rejection) otherwise. */
  readonly error: string | null;
  readonly cycles_used: string;
  readonly cells_used: string;
  readonly estimate: {
    readonly cycles_limit: string;
    readonly cells_limit: string;
    readonly max_fee_per_cycle: string;
    readonly max_fee_per_cell: string;
    readonly max_priority_fee_per_cycle: string;
    readonly max_priority_fee_per_cell: string;
    readonly expected_fee: string;
    readonly max_cost: string;
  };
}

/** A transaction the simulation says would fail, not sent. `json` is what `--json` prints. */
export class SimulationRefused extends CliError {
  constructor(readonly simulation: SimulationJson) {
    super(
      simulation.status === "rejected"
        ? `the node would refuse this transaction (nothing was sent): ${simulation.error}`
        : `simulated, not sent (${simulation.status}; --force sends it anyway): ${simulation.error}`,
    );
  }
}

export interface SendPlan {
  readonly privateKey: Uint8Array;
  readonly instruction: Instruction;
  /** The Cycle limit to sign (--cycles); default: the estimate's. Also the limit the simulation runs with. */
  readonly cyclesLimit?: bigint;
  /** Send even when the simulation fails (never when the node would refuse it outright). */
  readonly force?: boolean;
}

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** Simulates `plan`'s transaction at the sender's pending nonce, then signs and submits it sized from the simulation. */
export async function simulateAndSend(client: CowboyClient, plan: SendPlan): Promise<{ tx: Transaction; simulation: SimulationJson }> {
  const from = addressFromPrivateKey(plan.privateKey);
  const [chainId, nonce] = await rpcCall(Promise.all([client.getChainId(), client.getNonce(from, "pending")]));
  // Limits 0 ask the node for "as much as a block allows"; fees are the node's to fill in.
  const draft = createTransaction({
    chainId,
    nonce,
    instruction: plan.instruction,
    from,
    cyclesLimit: plan.cyclesLimit ?? 0n,
    cellsLimit: 0n,
    maxFeePerCycle: 0n,
    maxFeePerCell: 0n,
  });
  const simulation = await rpcCall(client.request<SimulationJson>("cowboy_simulateTransaction", [transactionToJson(draft)]));
  if (!simulation.ok && (plan.force !== true || simulation.status === "rejected")) throw new SimulationRefused(simulation);
  const e = simulation.estimate;
  const limits = DEFAULT_TRANSACTION_LIMITS;
  const tx = createTransaction({
    chainId,
    nonce,
    instruction: plan.instruction,
    from,
    cyclesLimit: plan.cyclesLimit ?? min(BigInt(e.cycles_limit), limits.maxCyclesLimit),
    cellsLimit: min(BigInt(e.cells_limit), limits.maxCellsLimit),
    maxFeePerCycle: BigInt(e.max_fee_per_cycle),
    maxFeePerCell: BigInt(e.max_fee_per_cell),
    maxPriorityFeePerCycle: BigInt(e.max_priority_fee_per_cycle),
    maxPriorityFeePerCell: BigInt(e.max_priority_fee_per_cell),
  }).sign(plan.privateKey);
  await rpcCall(client.sendRawTransaction(tx));
  return { tx, simulation };
}
