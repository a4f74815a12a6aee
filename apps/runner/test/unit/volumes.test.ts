// Job volumes through the runner's fs.mount path (cips/cbfs.md §8.1 "Jobs"), in process but with real parts: three
// relays over loopback HTTP whose chain view is the real 0x0A/0x0B state machines over one store; the volume anchored
// with an actor as owner; the job's read delegation written by the same recordJobDelegations the jobs step calls; the
// relay list read through the node's `cowboy_listRelays` shape; the file key from a secret source (CBSS's interface).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChainStore, DEFAULT_CBFS_CHAIN_CONFIG as C, activeDelegation, anchorVolume, isRevoked, listRelays, recordJobDelegations, registerRelay } from "@cowboy/cbfs";
import { createCbfsClient, createHttpTransport } from "@cowboy/cbfs/client";
import { fuseSupport } from "@cowboy/cbfs/fuse";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { type RunningRelay, startRelay } from "@cowboy/relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntitlementGate } from "../../src/entitlements.js";
import { isRunnerError } from "../../src/errors.js";
import { executeJob, type JobInput } from "../../src/execute.js";
import { SecretValue, type SecretRef, type SecretSource } from "../../src/secrets.js";
import { createCbfsVolumeSource, volumeKeyName } from "../../src/volumes.js";

const chainState = new Map<string, Uint8Array>();
const store: ChainStore = {
  get: (k) => chainState.get(toHex(k)),
  set: (k, v) => void chainState.set(toHex(k), v.slice()),
  delete: (k) => void chainState.delete(toHex(k)),
};
let height = 50n;
const uploader = new Uint8Array(32).fill(3);
const runnerKey = new Uint8Array(32).fill(4);
const otherRunner = new Uint8Array(32).fill(5);
const actor = new Uint8Array(20).fill(0xac);
let dir: string;
let relays: RunningRelay[];

/** `cowboy_listRelays` as the node answers it (apps/node rpc/methods/cbfs.ts), over the same 0x0B state. */
const request = async <T>(method: string): Promise<T> => {
  if (method !== "cowboy_listRelays") throw new Error(`unexpected RPC ${method}`);
  const list = listRelays(store).map((r) => ({
    address: toHex(r.address),
    operator: toHex(r.operator),
    stake: r.stake.toString(),
    capacity: r.capacity.toString(),
    endpoint: r.endpoint,
    last_heartbeat: r.lastHeartbeat.toString(),
    live: true,
  }));
  return { height: height.toString(), relays: list } as T;
};

class KeySource implements SecretSource {
  constructor(private readonly table: Map<string, Uint8Array>) {}
  async get(ref: SecretRef): Promise<SecretValue> {
    const v = this.table.get(`0x${toHex(ref.owner)}/${ref.name}`);
    if (v === undefined) throw new Error("no such secret");
    return new SecretValue(v.slice());
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "runner-volumes-"));
  const chain = {
    height: () => height,
    isRevoked: (o: Uint8Array, n: bigint) => isRevoked(store, o, n),
    delegation: (root: Uint8Array, grantee: Uint8Array) => activeDelegation(store, root, grantee),
  };
  relays = await Promise.all([0, 1, 2].map((i) => startRelay({ privateKey: new Uint8Array(32).fill(0x40 + i), stake: C.minRelayStake, dataDir: join(dir, `r${i}`), chain })));
  for (const r of relays) registerRelay(store, 1n, r.address, { stake: C.minRelayStake, capacity: 1n << 30n, endpoint: r.url }, C);
});
afterAll(async () => {
  await Promise.all(relays.map((r) => r.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe("job volumes (fs.mount)", () => {
  it("a compute job reads an actor-owned volume under its delegation, with the key from the secret source", async () => {
    const data = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7) & 0xff);
    const writer = createHttpTransport();
    const put = await createCbfsClient({ transport: writer }).put(data, { relays: relays.map((r) => r.url), ownerKey: uploader, k: 2, m: 1 });
    writer.close();
    anchorVolume(store, height, actor, { root: put.root, size: BigInt(data.length), k: 2, m: 1, blocks: 1000n }, C);
    const ref = `0x${toHex(addressFromPrivateKey(uploader))}/${volumeKeyName(put.root)}`;
    const secrets = new KeySource(new Map([[ref, put.key]]));
    // Every mount here is in memory (FUSE off); the next test mounts the same way through FUSE.
    const config = (key: Uint8Array) => ({
      gate: new EntitlementGate(["compute", "fs.mount"]),
      volumes: createCbfsVolumeSource({ request, accountKey: key, secrets, fuse: "off" }),
    });
    const job = (over: Partial<JobInput> = {}): JobInput => ({
      id: new Uint8Array(32).fill(1),
      kind: "compute",
      spec: { language: "javascript", code: "const v = volumes[0]; let s = 0; for (const b of v) s = (s + b) % 65521; return { n: v.length, sum: s, at: v[12345] };" },
      resultSchema: {},
      allowDomains: [],
      secrets: [ref],
      volumes: [`0x${toHex(put.root)}`],
      requires: [],
      ...over,
    });
    const code = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e: unknown) => (isRunnerError(e) ? `${e.code}: ${e.message}` : String(e)),
      );

    // Before the job is assigned there is no delegation: the relays refuse the runner.
    expect(await code(executeJob(job(), config(runnerKey)))).toMatch(/^VOLUME_UNAVAILABLE: .*MANIFEST_NOT_FOUND/);
    recordJobDelegations(store, height, { poster: actor, volumes: [put.root], committee: [addressFromPrivateKey(runnerKey)] }, height + 20n);
    let sum = 0;
    for (const b of data) sum = (sum + b) % 65521;
    expect((await executeJob(job(), config(runnerKey))).value).toEqual({ n: data.length, sum, at: data[12345] });

    // Another runner (not drawn), a job without the key secret, a kind that cannot read files, a runner without fs.mount.
    expect(await code(executeJob(job(), config(otherRunner)))).toMatch(/^VOLUME_UNAVAILABLE/);
    expect(await code(executeJob(job({ secrets: [] }), config(runnerKey)))).toMatch(/^VOLUME_UNAVAILABLE: .*declares no key secret/);
    expect(await code(executeJob(job({ kind: "http", spec: { method: "GET", url: "http://127.0.0.1:1/" } }), config(runnerKey)))).toMatch(
      /^INVALID_SPEC: volumes are mounted for compute jobs only/,
    );
    expect(await code(executeJob(job(), { ...config(runnerKey), gate: new EntitlementGate(["compute"]) }))).toMatch(/^ENTITLEMENT_MISSING/);

    // Where FUSE works, the runner mounts the volume through a mount process (reads under the same delegation) and
    // the function sees the same bytes; where it does not (here: no fusermount on an empty PATH), the in-memory copy.
    const mounts: string[] = [];
    const chosen = (env: Record<string, string | undefined>) => ({
      gate: new EntitlementGate(["compute", "fs.mount"]),
      volumes: createCbfsVolumeSource({
        request,
        accountKey: runnerKey,
        secrets,
        env,
        onMount: (_root, via, reason) => mounts.push(reason === undefined ? via : `${via}: ${reason}`),
      }),
    });
    expect((await executeJob(job(), chosen({ PATH: "" }))).value).toEqual({ n: data.length, sum, at: data[12345] });
    expect(mounts).toEqual(["memory: libfuse's fusermount is not on PATH (apt-get install fuse libfuse2)"]);
    const support = await fuseSupport();
    if (!support.available) console.log(`volumes: the FUSE mount case is skipped: ${support.reason}`);
    else {
      mounts.length = 0;
      expect((await executeJob(job(), chosen(process.env))).value).toEqual({ n: data.length, sum, at: data[12345] });
      expect(mounts).toEqual(["fuse"]);
      expect(readFileSync("/proc/mounts", "utf8")).not.toContain("cowboy-volume-"); // unmounted after the read
    }

    // Past the reveal window the delegation has expired.
    height += 21n;
    expect(await code(executeJob(job(), config(runnerKey)))).toMatch(/^VOLUME_UNAVAILABLE/);
  });
});
