// The secret-job flow shared by the CBSS e2e tests (secret-job: dealt committee; secret-dkg: committee from a DKG):
// deploy a KeyedFeed actor, `cowboy secret put` an API key allowing it (the value file removed at once), post an http
// job whose x-api-key header is {"$secret": "0xOWNER/api.key"}, and wait for the continuation.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { CBY, devAddress, devKey, type Market } from "./market-harness.js";

export const KEYED_FEED = `from cowboy_sdk import actor, runner

SCHEMA = {"type": "object", "properties": {"price": {"type": "integer"}}, "required": ["price"]}

@actor
class KeyedFeed:
    def refresh(self, url, ref):
        return runner.submit("http", {"method": "GET", "url": url, "headers": {"x-api-key": {"$secret": ref}}},
                             result_schema=SCHEMA, runners=2, quorum=2, verification="majority_vote",
                             max_price=${2n * CBY}, allow_domains=["127.0.0.1"], secrets=[ref], callback="on_price")

    @runner.continuation
    def on_price(self, job_id, status, result):
        self.storage["seen"] = [job_id, status, result]

    def seen(self):
        return self.storage.get("seen")
`;

export interface KeyedJob {
  readonly feed: Uint8Array;
  /** `0xOWNER/api.key`. */
  readonly ref: string;
  /** The continuation's (job_id, status, result), or null when none came within 300 s. */
  readonly seen: [Uint8Array, string, Map<string, unknown>] | null;
}

/**
 * Runs the flow with secret `value` owned by dev account `owner`; `policy` are the extra `cowboy secret put` flags
 * (e.g. ["--max-releases", "2"]); `salt` makes the actor address distinct per test.
 */
export async function runKeyedJob(market: Market, o: { value: string; owner: number; salt: number; policy: readonly string[] }): Promise<KeyedJob> {
  const { client } = market;
  const deployer = devKey(0);
  const { tx, address: feed } = await client.deployActor({ privateKey: deployer, source: KEYED_FEED, salt: new Uint8Array(32).fill(o.salt) });
  const deployed = await client.waitForReceipt(tx.digest());
  if (deployed.status !== 0) throw new Error(`deploy failed: ${new TextDecoder().decode(deployed.return_data)}`);
  await client.waitForReceipt((await client.transfer({ privateKey: deployer, to: feed, amount: 100n * CBY })).digest());

  // The owner seals the key on this machine; only the envelope goes on chain. The value file is removed at once.
  const valueDir = mkdtempSync(join(tmpdir(), "cowboy-secret-value-"));
  const valueFile = join(valueDir, "api.key");
  writeFileSync(valueFile, o.value);
  const put = await market.cowboy([
    "secret",
    "put",
    "api.key",
    "--value-file",
    valueFile,
    "--allow-actor",
    `0x${toHex(feed)}`,
    ...o.policy,
    "--key",
    `0x${toHex(devKey(o.owner))}`,
  ]);
  rmSync(valueDir, { recursive: true, force: true });
  if (put.code !== 0) throw new Error(`secret put failed: ${put.stderr}`);
  const ref = `${devAddress(o.owner)}/api.key`;

  const call = await client.callActor({ privateKey: deployer, to: feed, method: "refresh", args: [market.priceUrl, ref], cyclesLimit: 5_000_000n });
  const receipt = await client.waitForReceipt(call.digest());
  if (receipt.status !== 0) throw new Error(`refresh failed: ${new TextDecoder().decode(receipt.return_data)}`);
  let seen: [Uint8Array, string, Map<string, unknown>] | null = null;
  for (let i = 0; i < 3000 && seen === null; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const q = await client.queryActor({ to: feed, method: "seen" });
    if (q.ok && q.value !== null) seen = q.value as [Uint8Array, string, Map<string, unknown>];
  }
  if (seen === null || seen[1] !== "ok") for (const [who, log] of market.runnerLogs) console.log(who, log.join("").slice(-3000));
  return { feed, ref, seen };
}
