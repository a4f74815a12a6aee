// An actor's synchronous call into the Storage Manager (0x0A), run natively like the Job Dispatcher's (cips/cbfs.md
// §8.1; SDK cowboy_sdk.cbfs): `anchor(root, size, k, m, blocks)` anchors a volume the actor owns, its rent moved from
// the actor's balance into 0x0A (the rent reserve applies); `delegate(root, grantee, rights, blocks)` and
// `revoke_delegation(root, grantee)` write and remove the 0x0A delegation a grantee reads an actor's volume with.
// Every method takes no value. A refusal is a failed call whose error line is `CbfsChainError: CODE: message`.
import { encodeCbor, equalBytes, type CborValue } from "@cowboy/codec";
import { CbfsChainError, DEFAULT_CBFS_CHAIN_CONFIG, STORAGE_MANAGER_ADDRESS, anchorVolume, delegateVolume, revokeDelegation } from "@cowboy/cbfs";
import { HostError, type CallOutcome } from "@cowboy/pvm";
import { type NativeCallRun, positionalArgs, runNativeCall } from "./nativeCall.js";

export const isStorageManager = (address: Uint8Array): boolean => equalBytes(address, STORAGE_MANAGER_ADDRESS);

interface StorageCallRun extends NativeCallRun {
  debitActor(self: Uint8Array, amount: bigint): void;
}

const bad = (message: string): never => {
  throw new CbfsChainError("INVALID_VOLUME", message);
};

const argsOf = (payload: Uint8Array, n: number, method: string): CborValue[] =>
  positionalArgs(payload, n, (message) => bad(`${method}: ${message}`), `expected ${n} positional arguments`);

function bytes(v: CborValue, length: number, what: string): Uint8Array {
  if (!(v instanceof Uint8Array) || v.length !== length) return bad(`${what} must be ${length} bytes`);
  return v;
}

function int(v: CborValue, what: string, max: bigint): bigint {
  const b = typeof v === "bigint" ? v : typeof v === "number" && Number.isSafeInteger(v) ? BigInt(v) : bad(`${what} must be an int`);
  if (b < 0n || b > max) bad(`${what} must be between 0 and ${max}`);
  return b;
}

const U64 = (1n << 64n) - 1n;

export function storageManagerCall(run: StorageCallRun, from: Uint8Array, method: string, payload: Uint8Array, value: bigint): CallOutcome {
  const cfg = run.params.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG;
  const height = run.env.height;
  const body = (): Uint8Array => {
    if (value !== 0n) bad(`${method} takes no value`);
    let data: Uint8Array;
    if (method === "anchor") {
      const [root, size, k, m, blocks] = argsOf(payload, 5, method);
      const req = {
        root: bytes(root!, 32, "root"),
        size: int(size!, "size", U64),
        k: Number(int(k!, "k", 256n)),
        m: Number(int(m!, "m", 256n)),
        blocks: int(blocks!, "blocks", U64),
      };
      const rent = anchorVolume(run.state, height, from, req, cfg);
      run.debitActor(from, rent);
      run.accounts.credit(STORAGE_MANAGER_ADDRESS, rent);
      data = encodeCbor(rent);
    } else if (method === "delegate") {
      const [root, grantee, rights, blocks] = argsOf(payload, 4, method);
      const d = delegateVolume(
        run.state,
        height,
        from,
        bytes(root!, 32, "root"),
        bytes(grantee!, 20, "grantee"),
        Number(int(rights!, "rights", 255n)),
        int(blocks!, "blocks", U64),
      );
      data = encodeCbor([d.notBefore, d.notAfter]);
    } else if (method === "revoke_delegation") {
      const [root, grantee] = argsOf(payload, 2, method);
      revokeDelegation(run.state, from, bytes(root!, 32, "root"), bytes(grantee!, 20, "grantee"));
      data = encodeCbor(null);
    } else data = bad(`the Storage Manager has no method ${method}`);
    return data;
  };
  return runNativeCall(run, payload, body, (error) => {
    if (error instanceof CbfsChainError) return `CbfsChainError: ${error.code}: ${error.message}`;
    if (error instanceof HostError) return `${error.pyType}: ${error.message}`;
    return undefined;
  });
}
