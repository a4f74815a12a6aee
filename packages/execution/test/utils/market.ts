// Runner-market set-ups the execution tests share: registering test runners and deploying a funded actor.
import { ReceiptStatus, type Instruction } from "@cowboy/types";
import { expect } from "vitest";
import { type ActorChain, CBY, text } from "./chain.js";

type Limits = { cycles?: bigint; cells?: bigint };

/** Registers test accounts `ids` as runners in one block (200 CBY stake, 10 CBY max job, endpoint 127.0.0.1:port+i). */
export function registerRunners(c: ActorChain, ids: readonly number[], capabilities: Uint8Array, limits: Limits, port = 9000): void {
  const register = (i: number): Instruction => ({
    type: "runner_register",
    stake: 200n * CBY,
    maxJobValue: 10n * CBY,
    capabilities,
    endpoint: new TextEncoder().encode(`http://127.0.0.1:${port + i}`),
    transportKey: new Uint8Array(32).fill(i),
  });
  const regs = c.block(ids.map((i) => c.tx(i, register(i), limits)));
  for (const r of regs) expect(r.status, text(r.return_data)).toBe(ReceiptStatus.Success);
}

/** Deploys `source` from account `from`, then sends the actor `amount` from that account; returns its address. */
export function deployFunded(c: ActorChain, source: string, amount: bigint, from = 0): Uint8Array {
  const [deployed] = c.block([c.deployTx(from, source)]);
  expect(deployed!.status, text(deployed!.return_data)).toBe(ReceiptStatus.Success);
  const actor = deployed!.return_data;
  c.block([c.transferTx(from, actor, amount)]);
  return actor;
}
