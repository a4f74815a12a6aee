// Job volumes (cips/cbfs.md §8.1 "Jobs"; fs.mount): a job names CBFS manifest roots; when it is assigned, 0x0A records
// a read delegation to each drawn runner on the volumes its poster owns. The runner reads them under that delegation
// (relays check it with a chain read) from 0x0B's live relays, and takes each volume's file key from CBSS: the job
// declares the secret `0x<poster>/cbfs-<first 40 hex digits of the root>` (a private volume's key never travels in
// a job spec, which is public). Where FUSE works (fuseSupport), a volume is mounted the way `cowboy fs mount` mounts
// it: a mount process serves it read-only from the relays, verifying the stripes each read needs, and the job's bytes
// are read from the mount, which is then unmounted; elsewhere (or if the mount fails) the runner reads a verified,
// decrypted in-memory copy itself. Compute functions receive bytes either way.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RelayInfo, fetchChainRelays, createCbfsClient, createHttpTransport, type RpcRequest } from "@cowboy/cbfs/client";
import { fuseSupport, relayToJson, spawnMountProcess, unmountDir } from "@cowboy/cbfs/fuse";
import { isCowboyError, toHex } from "@cowboy/codec";
import { RunnerError } from "./errors.js";
import { type SecretSource, parseSecretRef } from "./secrets.js";

/** Mounts a job's volume: its plaintext, read under the runner's delegation. */
export interface VolumeSource {
  mount(root: Uint8Array, job: { readonly id: Uint8Array; readonly secrets: readonly string[] }): Promise<Uint8Array>;
}

/** The CBSS secret name holding a volume's file key. */
export const volumeKeyName = (root: Uint8Array): string => `cbfs-${toHex(root).slice(0, 40)}`;

/** Largest total of volume bytes one job mounts (they are held in memory). */
export const MAX_MOUNT_BYTES = 64 * 1024 * 1024;

export interface CbfsVolumeOptions {
  readonly request: RpcRequest;
  /** The runner's account key: the grantee of the job's delegations; it signs each relay read. */
  readonly accountKey: Uint8Array;
  /** Where volume keys come from (the runner's CBSS source). */
  readonly secrets?: SecretSource;
  /** "auto" (default): mount through FUSE where this machine can; "off": always the in-memory copy. */
  readonly fuse?: "auto" | "off";
  /** The environment FUSE support is judged in (PATH for fusermount, COWBOY_FUSE=off); default process.env. */
  readonly env?: Record<string, string | undefined>;
  /** Told how each volume was mounted, and why not through FUSE when it was not. */
  readonly onMount?: (root: Uint8Array, via: "fuse" | "memory", reason?: string) => void;
}

/** Reads the whole volume through a FUSE mount process under a fresh directory, then unmounts it. */
async function readThroughFuse(root: Uint8Array, key: Uint8Array, relays: readonly RelayInfo[], accountKey: Uint8Array, size: number): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), "cowboy-volume-"));
  try {
    const config = { root: toHex(root), key: toHex(key), dir: join(dir, "mnt"), name: "volume", relays: relays.map(relayToJson), delegation: true, granteeKey: toHex(accountKey) };
    const mounted = await spawnMountProcess(config);
    try {
      const bytes = await readFile(join(config.dir, config.name)).then(
        (b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength),
        (error: unknown) => {
          throw new RunnerError("VOLUME_UNAVAILABLE", `volume 0x${toHex(root)}: reading its mount failed (${(error as Error).message})`);
        },
      );
      if (bytes.length !== size) throw new RunnerError("VOLUME_UNAVAILABLE", `volume 0x${toHex(root)}: the mount gave ${bytes.length} of ${size} bytes`);
      return bytes;
    } finally {
      // An unmount that fails must not hide the read's own outcome, nor leave the mount process serving: kill it and
      // lift what it left (unmountDir without a pid uses fusermount on a mount whose process is gone).
      await unmountDir(config.dir, mounted.pid).catch(async () => {
        try {
          process.kill(mounted.pid, "SIGKILL");
        } catch {
          // already gone
        }
        await unmountDir(config.dir).catch(() => undefined);
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function createCbfsVolumeSource(o: CbfsVolumeOptions): VolumeSource {
  return {
    async mount(root, job) {
      const name = volumeKeyName(root);
      const declared = job.secrets.find((s) => s.endsWith(`/${name}`));
      if (declared === undefined) throw new RunnerError("VOLUME_UNAVAILABLE", `volume 0x${toHex(root)}: the job declares no key secret named ${name}`);
      if (o.secrets === undefined)
        throw new RunnerError("VOLUME_UNAVAILABLE", `volume 0x${toHex(root)}: this runner has no CBSS source for its key (start it providing secret.read)`);
      const secret = await o.secrets.get(parseSecretRef(declared), job.id);
      const key = await secret.use((bytes) => bytes.slice());
      const transport = createHttpTransport({ delegation: { root, granteeKey: o.accountKey } });
      try {
        const { relays } = await fetchChainRelays(o.request);
        const client = createCbfsClient({ transport });
        const manifest = await client.manifest(root, relays);
        if (manifest.plaintextLength > BigInt(MAX_MOUNT_BYTES))
          throw new RunnerError("VOLUME_UNAVAILABLE", `volume 0x${toHex(root)} is ${manifest.plaintextLength} bytes, over ${MAX_MOUNT_BYTES}`);
        const support = o.fuse === "off" ? { available: false as const, reason: "FUSE is off for this runner" } : await fuseSupport(o.env);
        if (support.available) {
          try {
            const bytes = await readThroughFuse(root, key, relays, o.accountKey, Number(manifest.plaintextLength));
            o.onMount?.(root, "fuse");
            return bytes;
          } catch (error) {
            // A read that failed through the mount is not retried in memory: the relays are the same.
            if (!isCowboyError(error) || (error.code !== "MOUNT_FAILED" && error.code !== "FUSE_UNAVAILABLE")) throw error;
            o.onMount?.(root, "memory", `${String(error.code)}: ${error.message}`);
            return await client.get(root, key, { relays });
          }
        }
        o.onMount?.(root, "memory", support.reason);
        return await client.get(root, key, { relays });
      } catch (error) {
        if (error instanceof RunnerError || !isCowboyError(error)) throw error;
        throw new RunnerError("VOLUME_UNAVAILABLE", `volume 0x${toHex(root)}: ${String(error.code)}: ${error.message}`);
      } finally {
        key.fill(0);
        transport.close();
      }
    },
  };
}
