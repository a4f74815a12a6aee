// Keeping a long-lived mount's read CapToken valid (cips/cbfs.md §12 "Renewal"). A mount made with --rpc reads with a
// token its owner issued to itself for `blocks` blocks past the head; the mount process was given that owner's key on
// stdin (it signs every read with it anyway), so it issues itself the next token: it polls the node's head and, when
// less than a quarter of the validity is left, signs the same grant (scope, rights, notBefore 0) until head + blocks.
// A read that fails is retried once if a check then renews the token (the poll can lag behind a fast chain, or the
// machine slept). Failures to reach the node are one stderr line per streak, never the key or the token.
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { signCapToken } from "../captoken.js";
import { CbfsError } from "../errors.js";
import type { CapTokenAuth } from "../client/http-transport.js";
import type { VolumeReader } from "../client/reader.js";

export interface TokenRenewalOptions {
  /** The self-issued token the mount starts with and the key that issued it (its owner and grantee). */
  readonly auth: CapTokenAuth;
  /** The node's JSON-RPC URL (its `cowboy_head` gives the height relays check tokens against). */
  readonly rpc: string;
  /** Each renewed token is valid until head + blocks. */
  readonly blocks: bigint;
  /** How often the head is checked (default 1,000 ms). */
  readonly pollMs?: number;
  readonly log: (line: string) => void;
}

export interface TokenRenewal {
  /** The token reads carry now. */
  current(): CapTokenAuth;
  /** Checks the head and renews if less than a quarter of the validity is left; true when it renewed. */
  renewIfDue(): Promise<boolean>;
  /** Tokens issued since the start. */
  readonly renewals: number;
  close(): void;
}

/** The node's head height through `cowboy_head`; RELAY_UNAVAILABLE when the node cannot be asked. */
export async function chainHeight(rpc: string, timeoutMs = 10_000): Promise<bigint> {
  let body: { result?: { height?: unknown }; error?: { message?: string } };
  try {
    const reply = await fetch(rpc, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "cowboy_head", params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = (await reply.json()) as typeof body;
  } catch (error) {
    throw new CbfsError("RELAY_UNAVAILABLE", `the node at ${rpc} did not answer cowboy_head: ${(error as Error).message}`);
  }
  const height = body.result?.height;
  if (typeof height !== "string" || !/^[0-9]+$/.test(height))
    throw new CbfsError("RELAY_UNAVAILABLE", `the node at ${rpc} gave no head height${body.error?.message === undefined ? "" : `: ${body.error.message}`}`);
  return BigInt(height);
}

/** Starts polling; the first check is immediate. The token must be self-issued by `auth.granteeKey`. */
export function startTokenRenewal(o: TokenRenewalOptions): TokenRenewal {
  const me = addressFromPrivateKey(o.auth.granteeKey);
  if (toHex(o.auth.token.owner) !== toHex(me) || toHex(o.auth.token.grantee) !== toHex(me))
    throw new CbfsError("INVALID_PARAMS", "a CapToken is renewed only by its owner: the token must be self-issued by the mount's key");
  if (o.blocks < 1n) throw new CbfsError("INVALID_PARAMS", "a renewed CapToken lasts at least one block");
  let auth = o.auth;
  let renewals = 0;
  let failing = false;
  let pending: Promise<boolean> | undefined;
  const check = async (): Promise<boolean> => {
    const head = await chainHeight(o.rpc);
    if (failing) o.log(`the node at ${o.rpc} answers again (height ${head})`);
    failing = false;
    if (auth.token.notAfter - head >= (o.blocks + 3n) / 4n) return false;
    const { token } = auth;
    const next = { grantee: token.grantee, scope: token.scope, rights: token.rights, notBefore: 0n, notAfter: head + o.blocks, nonce: BigInt(Date.now()) };
    auth = { token: signCapToken(next, auth.granteeKey), granteeKey: auth.granteeKey };
    renewals++;
    o.log(`renewed the read CapToken at height ${head}: valid until height ${next.notAfter}`);
    return true;
  };
  const renewIfDue = (): Promise<boolean> => {
    pending ??= check()
      .catch((error: unknown) => {
        if (!failing) o.log(`renewing the read CapToken failed (reads fail once it expires at height ${auth.token.notAfter}): ${(error as Error).message}`);
        failing = true;
        return false;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  const timer = setInterval(() => void renewIfDue(), o.pollMs ?? 1000);
  void renewIfDue();
  return {
    current: () => auth,
    renewIfDue,
    get renewals() {
      return renewals;
    },
    close: () => clearInterval(timer),
  };
}

/** The reader, with a failed read tried once more when a head check renews the token. */
export function retryAfterRenewal(reader: VolumeReader, renewal: TokenRenewal): VolumeReader {
  return {
    manifest: reader.manifest,
    size: reader.size,
    get stripesFetched() {
      return reader.stripesFetched;
    },
    async read(offset, length) {
      try {
        return await reader.read(offset, length);
      } catch (error) {
        if (!(await renewal.renewIfDue())) throw error;
        return reader.read(offset, length);
      }
    },
  };
}
