// `cowboy fs put|get|ls|rm` (cips/cbfs.md §6): files encrypted here, Reed–Solomon coded onto relays. The file
// key and the relays a file was placed on are kept in a local volume record (COWBOY_CBFS_HOME, default
// ~/.cowboy/cbfs/volumes/<root>.json); relays come from --relays, COWBOY_RELAYS or <home>/relays, or with --rpc URL
// from the chain's 0x0B (the live set), in which case put anchors the root at 0x0A and records the relays' storage
// receipts there, get reads with a CapToken the
// owner issues to itself, and rm deletes the volume on chain too (cips/cbfs.md §10).
import { chmod, mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";
import { fromHex, toHex } from "@cowboy/codec";
import {
  DEFAULT_ANCHOR_BLOCKS,
  DEFAULT_PUT_MEMORY_BYTES,
  type Right,
  Rights,
  SELF_TOKEN_BLOCKS,
  encodeCapToken,
  encodeManifest,
  rightsMask,
  signCapToken,
  signOwnerAction,
} from "@cowboy/cbfs";
import { type Progress, type RelayInfo, type RelayTransport, createCbfsClient, createHttpTransport, fetchChainRelays, fileSource, putHoldings } from "@cowboy/cbfs/client";
import { type MountConfig, fuseSupport, relayToJson } from "@cowboy/cbfs/fuse";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { sendInstruction } from "@cowboy/relay";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { CliError, usageError } from "../errors.js";
import { readInputFile, type CliIo } from "../io.js";
import { clientFor, rpcCall } from "./chain.js";
import { fuseMount, unmountCommand } from "./fs-mount.js";
import { recordPutReceipts } from "./fs-receipts.js";
import { parseKey } from "./keys.js";

interface VolumeRecord {
  root: string;
  name: string;
  size: number;
  k: number;
  m: number;
  key: string;
  relays: { endpoint: string; address: string; operator: string; stake: string }[];
  /** Relays that hold shards a repair moved there (searched on reads, not part of placement). */
  moved?: { endpoint: string; address: string; operator: string; stake: string }[];
}

const relayJson = (r: RelayInfo) => ({ endpoint: r.endpoint, address: toHex(r.address), operator: toHex(r.operator), stake: r.stake.toString() });

const COMMON = { home: { type: "string" }, relays: { type: "string" }, rpc: { type: "string" } } as const;

/** 0x0B's live relays at the node's head (with --rpc). */
async function chainRelays(rpc: string, io: CliIo): Promise<{ client: ReturnType<typeof clientFor>; height: bigint; relays: RelayInfo[] }> {
  const client = clientFor(rpc, io);
  const { height, relays } = await rpcCall(fetchChainRelays((m, p) => client.request(m, p)));
  return { client, height, relays };
}

function homeDir(value: string | undefined, io: CliIo): string {
  return resolve(value ?? io.env.COWBOY_CBFS_HOME ?? join(io.env.HOME ?? homedir(), ".cowboy", "cbfs"));
}

async function relayList(value: string | undefined, home: string, io: CliIo): Promise<string[]> {
  const text = value ?? io.env.COWBOY_RELAYS ?? (await readFile(join(home, "relays"), "utf8").catch(() => undefined));
  const list = (text ?? "").split(/[\s,]+/).filter((s) => s !== "");
  if (list.length === 0) throw usageError("no relays: give --relays URL,URL,… or COWBOY_RELAYS, or list them in <home>/relays");
  return list;
}

function parseRoot(text: string): Uint8Array {
  const hex = text.toLowerCase().replace(/^0x/, "");
  if (!/^[0-9a-f]{64}$/.test(hex)) throw usageError(`ROOT must be 32 bytes of hex, got '${text}'`);
  return fromHex(hex);
}

const recordPath = (home: string, root: Uint8Array) => join(home, "volumes", `${toHex(root)}.json`);

async function readRecord(home: string, root: Uint8Array): Promise<VolumeRecord | undefined> {
  const text = await readFile(recordPath(home, root), "utf8").catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as VolumeRecord);
}

const toInfo = (r: VolumeRecord["relays"][number]): RelayInfo => ({
  endpoint: r.endpoint,
  address: fromHex(r.address),
  operator: fromHex(r.operator),
  stake: BigInt(r.stake),
  capacity: 0n,
  used: 0n,
});

function progressBar(io: CliIo, verb: string): { report: Progress; end(): void } {
  if (io.isTTY !== true) return { report: () => {}, end: () => {} };
  const mib = (n: number) => (n / 1048576).toFixed(1);
  return {
    report: (done, total) => io.err(`\r${verb} ${mib(done)}/${mib(total)} MiB ${total === 0 ? 100 : Math.floor((done * 100) / total)}%`),
    end: () => io.err("\n"),
  };
}

async function withClient<T>(
  fn: (client: ReturnType<typeof createCbfsClient>, transport: RelayTransport) => Promise<T>,
  options: Parameters<typeof createHttpTransport>[0] = {},
): Promise<T> {
  const transport = createHttpTransport(options);
  try {
    return await fn(createCbfsClient({ transport }), transport);
  } catch (error) {
    if (error instanceof Error && "code" in error && !(error instanceof CliError)) throw new CliError(error.message);
    throw error;
  } finally {
    transport.close();
  }
}

const shardCount = (value: string | undefined, fallback: number, option: string, min: number): number => {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > 255) throw usageError(`${option} must be an integer in [${min}, 255], got '${value}'`);
  return Number(value);
};

const put: Command = {
  summary: "encrypt a file, code it K+M onto relays; prints its manifest root",
  usage: "FILE [--k 4] [--m 2] [--key HEX32] [--relays URL,… | --rpc URL [--blocks N]] [--memory-mib N] [--home DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...COMMON, k: { type: "string" }, m: { type: "string" }, key: { type: "string" }, blocks: { type: "string" }, "memory-mib": { type: "string" } },
      { min: 1, max: 1, names: "FILE" },
    );
    const ownerKey = parseKey(values.key, io);
    const home = homeDir(values.home, io);
    const chain = values.rpc === undefined ? undefined : await chainRelays(values.rpc, io);
    const relays = chain?.relays ?? (await relayList(values.relays, home, io));
    if (values.blocks !== undefined && !/^[1-9][0-9]*$/.test(values.blocks)) throw usageError(`--blocks must be a positive integer, got '${values.blocks}'`);
    const blocks = values.blocks === undefined ? DEFAULT_ANCHOR_BLOCKS : BigInt(values.blocks);
    const k = shardCount(values.k, 4, "--k", 1);
    const m = shardCount(values.m, 2, "--m", 0);
    const memoryMib = values["memory-mib"];
    if (memoryMib !== undefined && !/^[0-9]+$/.test(memoryMib)) throw usageError(`--memory-mib must be a whole number of MiB, got '${memoryMib}'`);
    const memoryLimit = memoryMib === undefined ? DEFAULT_PUT_MEMORY_BYTES : Number(memoryMib) * 1024 * 1024;
    // Larger files than the limit are read a stripe at a time and their shards spooled under the home directory.
    const size = await stat(resolve(positionals[0]!)).then(
      (s) => (s.isFile() ? s.size : undefined),
      () => undefined,
    );
    const streamed = size !== undefined && size > memoryLimit ? await fileSource(resolve(positionals[0]!)) : undefined;
    const plaintext = streamed ?? (await readInputFile(io, positionals[0]!));
    const bar = progressBar(io, "put");
    const spoolDir = join(home, "spool");
    if (streamed !== undefined) await mkdir(spoolDir, { recursive: true, mode: 0o700 });
    const result = await withClient((c) => c.put(plaintext, { relays, ownerKey, k, m, onProgress: bar.report, spoolDir })).finally(() => streamed?.close());
    bar.end();
    if (chain !== undefined) {
      const instruction = { type: "storage_anchor", root: result.root, size: BigInt(result.manifest.plaintextLength), k: BigInt(k), m: BigInt(m), blocks } as const;
      await rpcCall(sendInstruction(chain.client, ownerKey, instruction)).catch((error: unknown) => {
        throw new CliError(`stored on the relays but not anchored at 0x0A: ${(error as Error).message}`);
      });
      // The relays' receipts become holdings at 0x0A: what PoR challenges and rent payouts go by (cips/cbfs.md §7.1).
      const holdings = putHoldings(result.root, result.manifest, result.receipts);
      const { recorded, failed } = await rpcCall(recordPutReceipts(chain.client, ownerKey, holdings));
      io.err(`recorded ${recorded} of ${holdings.length} storage receipts at 0x0A\n`);
      for (const reason of failed) io.err(`storage_record_receipt reverted: ${reason}\n`);
    }
    const record: VolumeRecord = {
      root: toHex(result.root),
      name: positionals[0]!,
      size: Number(result.manifest.plaintextLength),
      k,
      m,
      key: toHex(result.key),
      relays: result.relays.map(relayJson),
    };
    await mkdir(join(home, "volumes"), { recursive: true, mode: 0o700 });
    await writeFile(recordPath(home, result.root), `${JSON.stringify(record, null, 1)}\n`, { mode: 0o600 });
    io.out(`0x${record.root}\n`);
    return 0;
  },
};

/** What a reader of ROOT needs: the file key, the relays to read from, and how reads authenticate. */
interface ReadPlan {
  readonly root: Uint8Array;
  readonly record: VolumeRecord | undefined;
  readonly key: Uint8Array;
  readonly relays: RelayInfo[];
  readonly also: RelayInfo[];
  readonly transport: Parameters<typeof createHttpTransport>[0];
  /** The self-issued read CapToken and its key (with --rpc). */
  readonly capToken?: { readonly token: ReturnType<typeof signCapToken>; readonly granteeKey: Uint8Array };
}

/**
 * The key comes from --file-key or the local volume record; the relays from the record (the set placement drew
 * from), else --relays / COWBOY_RELAYS / <home>/relays, or with --rpc 0x0B's live set. On chain, relays check
 * CapTokens: the owner (or whoever holds --key) reads with a token it issues to itself, valid from height 0 (relays
 * follow the head a poll late) until `tokenBlocks` (default SELF_TOKEN_BLOCKS) past the head.
 */
async function readPlan(
  root: Uint8Array,
  values: { home?: string; relays?: string; rpc?: string; "file-key"?: string; key?: string },
  io: CliIo,
  tokenBlocks = SELF_TOKEN_BLOCKS,
): Promise<ReadPlan> {
  const home = homeDir(values.home, io);
  const record = await readRecord(home, root);
  const keyHex = values["file-key"] ?? record?.key;
  if (keyHex === undefined) throw usageError(`no key for 0x${toHex(root)}: not in the local volumes; give --file-key HEX32`);
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(keyHex)) throw usageError("--file-key must be 32 bytes of hex");
  const key = fromHex(keyHex.replace(/^0x/, "").toLowerCase());
  const chain = values.rpc === undefined ? undefined : await chainRelays(values.rpc, io);
  let capToken: ReadPlan["capToken"];
  if (chain !== undefined) {
    const me = parseKey(values.key, io);
    const body = {
      grantee: addressFromPrivateKey(me),
      scope: root,
      rights: rightsMask(["read"]),
      notBefore: 0n,
      notAfter: chain.height + tokenBlocks,
      nonce: BigInt(Date.now()),
    };
    capToken = { token: signCapToken(body, me), granteeKey: me };
  }
  const relays =
    record !== undefined && values.relays === undefined
      ? record.relays.map(toInfo)
      : (chain?.relays ?? (await withClient(async (c) => c.discover(await relayList(values.relays, home, io)))));
  return {
    root,
    record,
    key,
    relays,
    also: (record?.moved ?? []).map(toInfo),
    transport: capToken === undefined ? {} : { capToken },
    ...(capToken === undefined ? {} : { capToken }),
  };
}

const get: Command = {
  summary: "read a file back from any K verified shards per stripe and decrypt it to OUT",
  usage: "ROOT OUT [--file-key HEX32] [--relays URL,… | --rpc URL --key HEX32] [--home DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...COMMON, "file-key": { type: "string" }, key: { type: "string" } }, { min: 2, max: 2, names: "ROOT OUT" });
    const plan = await readPlan(parseRoot(positionals[0]!), values, io);
    const bar = progressBar(io, "get");
    // Written stripe by stripe as segments authenticate, into OUT.part, renamed to OUT once the whole file checks.
    const out = resolve(positionals[1]!);
    const handle = await open(`${out}.part`, "w");
    try {
      await withClient((c) => c.getTo(plan.root, plan.key, (bytes) => handle.write(bytes), { relays: plan.relays, also: plan.also, onProgress: bar.report }), plan.transport);
      await handle.close();
    } catch (error) {
      await handle.close();
      await rm(`${out}.part`, { force: true });
      throw error;
    }
    await rename(`${out}.part`, out);
    bar.end();
    return 0;
  },
};

const ls: Command = {
  summary: "list the files this client has put: root, size, K+M, name",
  usage: "[--json] [--home DIR]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { home: { type: "string" }, json: { type: "boolean" } }, { min: 0, max: 0, names: "" });
    const dir = join(homeDir(values.home, io), "volumes");
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
    const records = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), "utf8")) as VolumeRecord));
    if (values.json) io.out(`${JSON.stringify(records.map(({ root, name, size, k, m }) => ({ root: `0x${root}`, name, size, k, m })))}\n`);
    else for (const r of records) io.out(`0x${r.root} ${r.size} ${r.k}+${r.m} ${r.name}\n`);
    return 0;
  },
};

const rmCommand: Command = {
  summary: "delete a file from its relays (owner's signature) and forget it locally",
  usage: "ROOT [--key HEX32] [--relays URL,… | --rpc URL] [--home DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...COMMON, key: { type: "string" } }, { min: 1, max: 1, names: "ROOT" });
    const root = parseRoot(positionals[0]!);
    const ownerKey = parseKey(values.key, io);
    const home = homeDir(values.home, io);
    const record = await readRecord(home, root);
    const chain = values.rpc === undefined ? undefined : await chainRelays(values.rpc, io);
    const count = await withClient(async (c) => {
      const relays =
        chain?.relays ??
        (record !== undefined && values.relays === undefined
          ? [...record.relays, ...(record.moved ?? [])].map(toInfo)
          : await c.discover(await relayList(values.relays, home, io)));
      return c.remove(root, ownerKey, relays);
    });
    if (chain !== undefined) await rpcCall(sendInstruction(chain.client, ownerKey, { type: "storage_delete", root }));
    await rm(recordPath(home, root), { force: true });
    io.out(`removed from ${count} relays\n`);
    return 0;
  },
};

const grant: Command = {
  summary: "sign a CapToken granting ADDR rights on ROOT from height --from for N blocks; prints it as hex",
  usage: "ROOT --to ADDR --rights read[,write,list,repair] --blocks N [--from HEIGHT] [--nonce N] [--key HEX32]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { to: { type: "string" }, rights: { type: "string" }, blocks: { type: "string" }, from: { type: "string" }, nonce: { type: "string" }, key: { type: "string" } },
      { min: 1, max: 1, names: "ROOT" },
    );
    const root = parseRoot(positionals[0]!);
    const ownerKey = parseKey(values.key, io);
    const to = (values.to ?? "").toLowerCase().replace(/^0x/, "");
    if (!/^[0-9a-f]{40}$/.test(to)) throw usageError("--to must be a 20-byte address (0x + 40 hex digits)");
    const rights = (values.rights ?? "read").split(",").map((r) => r.trim());
    for (const r of rights) if (!(r in Rights)) throw usageError(`--rights: '${r}' is not one of read, write, list, repair`);
    const uint = (v: string | undefined, option: string, fallback?: bigint): bigint => {
      if (v === undefined && fallback !== undefined) return fallback;
      if (v === undefined || !/^[0-9]+$/.test(v)) throw usageError(`${option} must be a non-negative integer`);
      return BigInt(v);
    };
    const from = uint(values.from, "--from", 0n);
    const blocks = uint(values.blocks, "--blocks");
    const nonce = uint(values.nonce, "--nonce", BigInt(Date.now()));
    const token = signCapToken({ grantee: fromHex(to), scope: root, rights: rightsMask(rights as Right[]), notBefore: from, notAfter: from + blocks, nonce }, ownerKey);
    io.out(`0x${toHex(encodeCapToken(token))}\n`);
    return 0;
  },
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const repair: Command = {
  summary: "rebuild the shards of ROOT (or of every local volume) lost with dead relays and re-place them; --watch keeps at it",
  usage: "[ROOT] [--threshold R] [--grace SECONDS] [--watch SECONDS] [--relays URL,… | --rpc URL --key HEX32] [--home DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...COMMON, key: { type: "string" }, threshold: { type: "string" }, grace: { type: "string" }, watch: { type: "string" } },
      { min: 0, max: 1, names: "[ROOT]" },
    );
    const home = homeDir(values.home, io);
    const seconds = (v: string | undefined, option: string, fallback: number): number => {
      if (v === undefined) return fallback;
      if (!/^[0-9]+$/.test(v)) throw usageError(`${option} must be a whole number of seconds, got '${v}'`);
      return Number(v);
    };
    const grace = seconds(values.grace, "--grace", 10);
    const watch = values.watch === undefined ? undefined : seconds(values.watch, "--watch", 60);
    if (values.threshold !== undefined && !/^[0-9]+$/.test(values.threshold)) throw usageError(`--threshold must be a non-negative integer, got '${values.threshold}'`);
    const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
    // The owner's key (when given) also signs the manifest onto the relays that receive shards, so they can serve
    // reads and the owner's rm reaches them; with --rpc it is required (it records the moves at 0x0A).
    const signer = values.rpc !== undefined || values.key !== undefined || io.env.COWBOY_KEY !== undefined ? parseKey(values.key, io) : undefined;
    const roots = async (): Promise<Uint8Array[]> => {
      if (positionals[0] !== undefined) return [parseRoot(positionals[0])];
      const names = await readdir(join(home, "volumes")).catch(() => [] as string[]);
      return names.filter((n) => /^[0-9a-f]{64}\.json$/.test(n)).map((n) => fromHex(n.slice(0, 64)));
    };
    const pass = async (): Promise<number> => {
      let total = 0;
      for (const root of await roots()) {
        const record = await readRecord(home, root);
        const chain = values.rpc === undefined ? undefined : await chainRelays(values.rpc, io);
        // On chain, relays check CapTokens: the repairer reads with a read|repair token it issues to itself.
        const auth: Parameters<typeof createHttpTransport>[0] =
          chain === undefined || signer === undefined
            ? {}
            : {
                capToken: {
                  token: signCapToken(
                    {
                      grantee: addressFromPrivateKey(signer),
                      scope: root,
                      rights: rightsMask(["read", "repair"]),
                      notBefore: 0n,
                      notAfter: chain.height + SELF_TOKEN_BLOCKS,
                      nonce: BigInt(Date.now()),
                    },
                    signer,
                  ),
                  granteeKey: signer,
                },
              };
        const moves = await withClient(async (c, transport) => {
          const candidates = chain?.relays ?? (await c.discover(await relayList(values.relays, home, io)));
          const placedOn = record?.relays.map(toInfo) ?? candidates;
          const also = (record?.moved ?? []).map(toInfo);
          const opts = {
            placedOn: [...placedOn, ...also.filter((a) => !placedOn.some((p) => p.endpoint === a.endpoint))],
            candidates,
            ...(threshold === undefined ? {} : { threshold }),
          };
          // A shard must stay missing through the grace period (a restarting relay is not a lost one).
          if ((await c.repair(root, { ...opts, dryRun: true })).length === 0) return [];
          if (grace > 0) await sleep(grace * 1000);
          const done = await c.repair(root, opts);
          if (signer !== undefined && done.length > 0) {
            const manifestBytes = encodeManifest(await c.manifest(root, placedOn));
            const signature = signOwnerAction("put", root, signer);
            const targets = [...new Map(done.map((mv) => [mv.to.endpoint, mv.to])).values()];
            await Promise.all(targets.map((t) => transport.putManifest(t.endpoint, root, manifestBytes, signature)));
          }
          return done;
        }, auth);
        if (moves.length === 0) continue;
        total += moves.length;
        if (record !== undefined) {
          const moved = [...(record.moved ?? [])];
          for (const mv of moves) if (!moved.some((x) => x.endpoint === mv.to.endpoint)) moved.push(relayJson(mv.to));
          await writeFile(recordPath(home, root), `${JSON.stringify({ ...record, moved }, null, 1)}\n`, { mode: 0o600 });
        }
        if (chain !== undefined && signer !== undefined) {
          // Each move is recorded with the new holder's receipt (cips/cbfs.md §11.1); a relay that gave none cannot be recorded.
          for (const mv of moves) {
            if (mv.receipt === undefined) {
              io.err(`stripe ${mv.stripe} shard ${mv.shard}: ${mv.to.endpoint} gave no storage receipt; the repair is not recorded at 0x0A\n`);
              continue;
            }
            const ins = {
              type: "storage_record_repair",
              root,
              stripe: BigInt(mv.stripe),
              shard: BigInt(mv.shard),
              shardRoot: mv.shardRoot,
              relay: mv.to.address,
              chunkCount: BigInt(mv.chunkCount),
              receipt: mv.receipt,
            } as const;
            await rpcCall(sendInstruction(chain.client, signer, ins));
          }
        }
        io.out(`0x${toHex(root)}: rebuilt ${moves.length} shards onto ${new Set(moves.map((mv) => mv.to.endpoint)).size} relays\n`);
      }
      return total;
    };
    if (watch === undefined) {
      if ((await pass()) === 0) io.out("nothing to repair\n");
      return 0;
    }
    for (;;) {
      await pass().catch((error: unknown) => io.err(`repair: ${(error as Error).message}\n`));
      await sleep(watch * 1000);
    }
  },
};

const mount: Command = {
  summary: "make ROOT readable as a file under DIR, read-only: through FUSE where it works (lazily, verified), else a verified copy",
  usage: "ROOT DIR [--foreground] [--copy] [--cache-mib 32] [--file-key HEX32] [--relays URL,… | --rpc URL --key HEX32 [--token-blocks 600]] [--home DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      {
        ...COMMON,
        "file-key": { type: "string" },
        key: { type: "string" },
        foreground: { type: "boolean" },
        copy: { type: "boolean" },
        "cache-mib": { type: "string" },
        "token-blocks": { type: "string" },
      },
      { min: 2, max: 2, names: "ROOT DIR" },
    );
    const root = parseRoot(positionals[0]!);
    const home = homeDir(values.home, io);
    const cacheMib = values["cache-mib"];
    if (cacheMib !== undefined && !/^[0-9]+$/.test(cacheMib)) throw usageError(`--cache-mib must be a whole number of MiB, got '${cacheMib}'`);
    // With --rpc the mount reads with a self-issued CapToken valid this many blocks past the head, and renews it.
    const tokenBlocks = values["token-blocks"];
    if (tokenBlocks !== undefined && !/^[1-9][0-9]{0,8}$/.test(tokenBlocks)) throw usageError(`--token-blocks must be a positive integer of blocks, got '${tokenBlocks}'`);
    if (tokenBlocks !== undefined && values.rpc === undefined) throw usageError("--token-blocks needs --rpc (only chain-connected relays check CapTokens)");
    const record = await readRecord(home, root);
    const dir = resolve(positionals[1]!);
    const name = record === undefined ? `${toHex(root)}.bin` : basename(record.name);
    if (values.copy !== true) {
      const support = await fuseSupport(io.env);
      if (support.available) {
        const plan = await readPlan(root, values, io, tokenBlocks === undefined ? undefined : BigInt(tokenBlocks));
        const config: MountConfig = {
          root: toHex(root),
          key: toHex(plan.key),
          dir,
          name,
          relays: plan.relays.map(relayToJson),
          also: plan.also.map(relayToJson),
          // The mount process renews the token itself against the node (it has the key: it signs every read).
          ...(plan.capToken === undefined || values.rpc === undefined
            ? {}
            : {
                capToken: toHex(encodeCapToken(plan.capToken.token)),
                granteeKey: toHex(plan.capToken.granteeKey),
                rpc: values.rpc,
                ...(tokenBlocks === undefined ? {} : { tokenBlocks: Number(tokenBlocks) }),
              }),
          ...(cacheMib === undefined ? {} : { cacheBytes: Number(cacheMib) * 1024 * 1024 }),
        };
        return fuseMount({ io, home, config, foreground: values.foreground === true });
      }
      io.err(`fs mount: no FUSE mount here (${support.reason}); making a verified read-only copy instead\n`);
    }
    const path = join(dir, name);
    await mkdir(dir, { recursive: true });
    await rm(path, { force: true });
    const rest = Object.entries(values).flatMap(([k, v]) => (typeof v === "string" && k !== "cache-mib" && k !== "token-blocks" ? [`--${k}`, v] : []));
    const status = await get.run([positionals[0]!, path, ...rest], io);
    if (status !== 0) return status;
    await chmod(path, 0o444);
    io.out(`${path} (read-only; copied)\n`);
    return 0;
  },
};

export const fsCommands: CommandGroup = {
  summary: "CBFS: encrypted, erasure-coded files on storage relays",
  commands: { put, get, ls, rm: rmCommand, grant, repair, mount, unmount: unmountCommand(homeDir) },
};
