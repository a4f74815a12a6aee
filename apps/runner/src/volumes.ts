// Job volumes (cips/cbfs.md §8.1 "Jobs"; fs.mount): a job names CBFS manifest roots; when it is assigned, 0x0A records
// a read delegation to each drawn runner on the volumes its poster owns. The runner reads them under that delegation
// (relays check it with a chain read) from 0x0B's live relays, and takes each volume's file key from CBSS: the job
// declares the secret `0x<poster>/cbfs-<first 40 hex digits of the root>` (a private volume's key never travels in
// a job spec, which is public). Without FUSE, a mount is a verified, decrypted in-memory copy (as `cowboy fs mount`).
import { fetchChainRelays, createCbfsClient, createHttpTransport, type RpcRequest } from "@cowboy/cbfs/client";
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
