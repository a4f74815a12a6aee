// A validator's shares of the epoch group keys (cips/staking.md "Reshare", "Validator duties"): the
// genesis share from its key file plus every share it derived after a successful reshare, kept in
// DIR/shares/epoch-N.json (0600, like the key file). A key record is matched to the share whose public
// key is the record's share key for this validator's place, so a carried (Failed) record finds its share too.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { equalBytes, fromHex, toHex } from "@cowboy/codec";
import { bls, sharePublicKey, type SecretShare } from "@cowboy/crypto";
import type { EpochGroupKey } from "@cowboy/staking";
import { ValidatorKeyError } from "./keys.js";

export interface StoredShare {
  /** The epoch whose key record this share was derived for (0: the genesis key file's). */
  readonly epoch: bigint;
  readonly share: SecretShare;
  /** The share's public key (cached: matching records compares it). */
  readonly publicKey: Uint8Array;
}

const FILE = /^epoch-(\d+)\.json$/;

export class ShareStore {
  readonly #dir: string;
  readonly #shares = new Map<bigint, StoredShare>();

  /** Opens DIR/shares (made on first save) with `genesisShare` as epoch 0's. */
  constructor(dataDir: string, genesisShare: SecretShare) {
    this.#dir = join(dataDir, "shares");
    this.#shares.set(0n, withKey(0n, genesisShare));
    if (!existsSync(this.#dir)) return;
    for (const name of readdirSync(this.#dir)) {
      const m = FILE.exec(name);
      if (m === null) continue;
      const path = join(this.#dir, name);
      let json: { epoch?: unknown; index?: unknown; secret_key?: unknown };
      try {
        json = JSON.parse(readFileSync(path, "utf8"));
      } catch (error) {
        throw new ValidatorKeyError(`share file ${path} is not valid JSON: ${(error as Error).message}`);
      }
      if (typeof json.index !== "number" || typeof json.secret_key !== "string" || !/^0x[0-9a-f]{64}$/.test(json.secret_key) || json.epoch !== m[1]) {
        throw new ValidatorKeyError(`share file ${path}: expected {epoch: "${m[1]}", index, secret_key: 0x + 32 bytes}`);
      }
      this.#shares.set(BigInt(m[1]!), withKey(BigInt(m[1]!), { index: json.index, secretKey: fromHex(json.secret_key.slice(2)) }));
    }
  }

  has(epoch: bigint): boolean {
    return this.#shares.has(epoch);
  }

  /** Keeps `share` for `epoch` in memory and on disk (written readable by the owner only). */
  save(epoch: bigint, share: SecretShare): void {
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
    const body = { epoch: epoch.toString(), index: share.index, secret_key: `0x${toHex(share.secretKey)}` };
    writeFileSync(join(this.#dir, `epoch-${epoch}.json`), `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
    this.#shares.set(epoch, withKey(epoch, share));
  }

  /** This validator's share of `record`'s key, if it holds one: its place among the members, checked against the commitments. */
  shareFor(record: EpochGroupKey, address: Uint8Array): SecretShare | undefined {
    const index = record.members.findIndex((m) => equalBytes(m, address)) + 1;
    if (index === 0) return undefined;
    const expected = sharePublicKey(record.commitments, index);
    for (const s of [...this.#shares.values()].reverse()) if (s.share.index === index && equalBytes(s.publicKey, expected)) return s.share;
    return undefined;
  }
}

function withKey(epoch: bigint, share: SecretShare): StoredShare {
  return { epoch, share, publicKey: bls.getPublicKey(share.secretKey) };
}
