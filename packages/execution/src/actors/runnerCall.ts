// An actor's synchronous call into the Job Dispatcher (0x02), run natively on its own checkpoint at a fixed price
// (cips/runner-market.md "SDK"; cowboy_sdk.runner): `submit([request])` with value = max_price posts a job escrowing
// the value and returns its id; `set_requires([[name, inheritable], …])` replaces what the actor requires (0x07).
// A refusal is a failed call whose error line is `RunnerMarketError: CODE: message`.
import { encodeCbor, equalBytes } from "@cowboy/codec";
import type { CallOutcome } from "@cowboy/pvm";
import { JOB_DISPATCHER_ADDRESS, RunnerMarketError, parseJobRequest, postJob, setRequires } from "@cowboy/runner-market";
import { marketContext } from "../transaction/runnerMarketInstruction.js";
import { type NativeCallRun, listOf, positionalArgs, runNativeCall } from "./nativeCall.js";

export const isJobDispatcher = (address: Uint8Array): boolean => equalBytes(address, JOB_DISPATCHER_ADDRESS);

const refuse = (message: string): never => {
  throw new RunnerMarketError("INVALID_ARGUMENT", message);
};

export function dispatcherCall(run: NativeCallRun, from: Uint8Array, method: string, payload: Uint8Array, value: bigint): CallOutcome {
  return runNativeCall(
    run,
    payload,
    () => {
      const ctx = marketContext(run.state, run.accounts, run.env, run.params);
      const [arg] = positionalArgs(payload, 1, refuse, "arguments: expected one positional argument");
      if (method === "submit") {
        const request = parseJobRequest(arg!, ctx.config);
        return encodeCbor(postJob(ctx, { poster: from, posterIsActor: true, request, maxPrice: value }).id);
      }
      if (method === "set_requires") {
        if (value !== 0n) refuse("set_requires takes no value");
        const entries = listOf(arg!);
        if (entries === null) return refuse("set_requires: expected a list of [name, inheritable]");
        setRequires(
          run.state,
          from,
          entries.map((e) => {
            const pair = listOf(e);
            if (pair === null || pair.length !== 2 || typeof pair[0] !== "string" || typeof pair[1] !== "boolean") return refuse("set_requires: each entry is [name, inheritable]");
            return { name: pair[0], inheritable: pair[1] };
          }),
        );
        return encodeCbor(null);
      }
      return refuse(`the Job Dispatcher has no method ${method}`);
    },
    (error) => (error instanceof RunnerMarketError ? `RunnerMarketError: ${error.code}: ${error.message}` : undefined),
  );
}
