// A minimal Ethereum JSON-RPC client for oracles (off-chain code: @cowboy/execution never imports this subpath).
// Only what a log watcher needs: the head, logs in a block range, and a block's hash.
import { fromHex } from "@cowboy/codec";
import { InteropError } from "../errors.js";
import type { EthLog } from "../records.js";

export interface EthRpc {
  blockNumber(): Promise<bigint>;
  getLogs(filter: { address: Uint8Array; topics: readonly (Uint8Array | null)[]; fromBlock: bigint; toBlock: bigint }): Promise<EthLog[]>;
}

const hex = (b: Uint8Array) => `0x${Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("")}`;
const qty = (n: bigint) => `0x${n.toString(16)}`;
const bytes = (s: unknown, what: string): Uint8Array => {
  if (typeof s !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(s)) throw new InteropError("INVALID_ARGUMENT", `Ethereum node sent a bad ${what}`);
  return fromHex(s.slice(2).toLowerCase());
};
const big = (s: unknown, what: string): bigint => {
  if (typeof s !== "string" || !/^0x[0-9a-fA-F]+$/.test(s)) throw new InteropError("INVALID_ARGUMENT", `Ethereum node sent a bad ${what}`);
  return BigInt(s);
};

/** JSON-RPC over HTTP to `url` (an Ethereum node such as geth, anvil or ganache). */
export function httpEthRpc(url: string, options: { timeoutMs?: number } = {}): EthRpc {
  let id = 0;
  const call = async (method: string, params: unknown[]): Promise<unknown> => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error !== undefined) throw new InteropError("INVALID_ARGUMENT", `${method}: ${body.error.message ?? "error"}`);
    return body.result;
  };
  return {
    async blockNumber() {
      return big(await call("eth_blockNumber", []), "block number");
    },
    async getLogs(f) {
      const raw = (await call("eth_getLogs", [
        { address: hex(f.address), topics: f.topics.map((t) => (t === null ? null : hex(t))), fromBlock: qty(f.fromBlock), toBlock: qty(f.toBlock) },
      ])) as Record<string, unknown>[];
      if (!Array.isArray(raw)) throw new InteropError("INVALID_ARGUMENT", "eth_getLogs: not a list");
      return raw
        .filter((l) => l.removed !== true)
        .map((l) => ({
          contract: bytes(l.address, "log address"),
          topics: (l.topics as unknown[]).map((t) => bytes(t, "topic")),
          data: bytes(l.data, "log data"),
          blockNumber: big(l.blockNumber, "log block number"),
          blockHash: bytes(l.blockHash, "log block hash"),
          transactionHash: bytes(l.transactionHash, "log transaction hash"),
          logIndex: big(l.logIndex, "log index"),
        }));
    },
  };
}
