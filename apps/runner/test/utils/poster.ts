// One actor that posts any job (kind, spec, schema, committee, mode, price, domains, requires, pricing) and records
// every continuation, so a single devnet run can drive several job variants (CI budget: one chain, many assertions).
import { decodeCbor, toHex } from "@cowboy/codec";
import { CBY, devKey, type Market } from "./market-harness.js";

export const POSTER = `import json
from cowboy_sdk import actor, runner

@actor
class Poster:
    def post(self, kind, spec_json, schema_json, runners, quorum, verification, max_price, allow_domains, requires, pricing):
        return runner.submit(kind, json.loads(spec_json), result_schema=json.loads(schema_json), runners=runners,
                             quorum=quorum, verification=verification, max_price=max_price,
                             allow_domains=allow_domains, requires=requires, pricing=pricing, callback="done")

    @runner.continuation
    def done(self, job_id, status, result):
        seen = self.storage.get("seen") or []
        seen.append([job_id, status, result])
        self.storage["seen"] = seen

    def seen(self):
        return self.storage.get("seen") or []
`;

export interface JobOrder {
  readonly kind: string;
  readonly spec: unknown;
  readonly schema: unknown;
  readonly runners: number;
  readonly quorum: number;
  readonly verification: string;
  readonly maxPrice: bigint;
  readonly allowDomains?: readonly string[];
  readonly requires?: readonly string[];
  readonly pricing?: "fixed" | "usage";
}

/** Deploys a Poster (dev account 0, salt byte `salt`) funded with `fund`. */
export async function deployPoster(market: Market, salt: number, fund = 100n * CBY): Promise<Uint8Array> {
  const { client } = market;
  const s = new Uint8Array(32);
  s[31] = salt;
  const { tx, address } = await client.deployActor({ privateKey: devKey(0), source: POSTER, salt: s });
  const deployed = await client.waitForReceipt(tx.digest());
  if (deployed.status !== 0) throw new Error(`deploy failed: ${new TextDecoder().decode(deployed.return_data)}`);
  await client.waitForReceipt((await client.transfer({ privateKey: devKey(0), to: address, amount: fund })).digest());
  return address;
}

/** Posts one job from the Poster; returns its id and the height of the submit. */
export async function postJob(market: Market, poster: Uint8Array, o: JobOrder): Promise<{ jobId: string; height: bigint }> {
  const { client } = market;
  const args = [
    o.kind,
    JSON.stringify(o.spec),
    JSON.stringify(o.schema),
    BigInt(o.runners),
    BigInt(o.quorum),
    o.verification,
    o.maxPrice,
    [...(o.allowDomains ?? [])],
    [...(o.requires ?? [])],
    o.pricing ?? "fixed",
  ];
  const call = await client.callActor({ privateKey: devKey(0), to: poster, method: "post", args, cyclesLimit: 5_000_000n });
  const receipt = await client.waitForReceipt(call.digest());
  if (receipt.status !== 0) throw new Error(`post failed: ${new TextDecoder().decode(receipt.return_data)}`);
  return { jobId: `0x${toHex(decodeCbor(receipt.return_data) as Uint8Array)}`, height: receipt.height };
}

/** Waits (up to `seconds`) for the Poster's continuation of `jobId`: [status, result]. */
export async function continuationOf(market: Market, poster: Uint8Array, jobId: string, seconds = 300): Promise<[string, unknown]> {
  for (let i = 0; i < seconds * 10; i++) {
    const q = await market.client.queryActor({ to: poster, method: "seen" });
    if (q.ok) for (const [id, status, result] of q.value as [Uint8Array, string, unknown][]) if (`0x${toHex(id)}` === jobId) return [status, result];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no continuation of ${jobId} within ${seconds} s`);
}
