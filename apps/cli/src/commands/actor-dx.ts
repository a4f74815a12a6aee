// dx-chain's actor subcommands (issue 20): a timer's history (why each ended), from the node's
// observation index (cowboy_getTimerHistory).
import type { CliIo } from "../io.js";
import { clientFor, rpcCall } from "./chain.js";

interface TimerHistoryJson {
  readonly timerId: string;
  readonly handler: string;
  readonly reason: "insufficient_funds" | "expired" | "cancelled" | "completed";
  readonly height: number;
}

const REASON_TEXT: Record<TimerHistoryJson["reason"], string> = {
  insufficient_funds: "destroyed: the fee payer could not cover the per-fire pre-charge",
  expired: "destroyed: expired before it could fire",
  cancelled: "cancelled",
  completed: "completed (fired for the last time)",
};

/** `cowboy actor timers ADDR --history`: the timers ADDR owned that ended, and why. */
export async function printTimerHistory(io: CliIo, rpc: string | undefined, owner: string, json: boolean | undefined): Promise<number> {
  const history = await rpcCall(clientFor(rpc, io).request<TimerHistoryJson[]>("cowboy_getTimerHistory", [owner]));
  if (json) {
    io.out(`${JSON.stringify(history)}\n`);
    return 0;
  }
  if (history.length === 0) io.out(`no ended timers owned by ${owner}\n`);
  for (const t of history) io.out(`${t.timerId}  ${t.handler}  at ${t.height}: ${REASON_TEXT[t.reason]} [${t.reason}]\n`);
  return 0;
}
