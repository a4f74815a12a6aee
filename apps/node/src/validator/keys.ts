// A validator's keys (cips/consensus.md, "Keys"): the account that receives its tips (secp256k1),
// its attributable BLS12-381 voting key, its share of the epoch's threshold key (for the round
// seeds, spec §3.4) and its network key (Ed25519: its libp2p identity). One JSON file per
// validator, written 0600; the public halves are what a genesis file lists.
import { readFileSync, writeFileSync } from "node:fs";
import { CowboyError, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey, bls, blsPopProve, dealShares, ed25519, keccak256, sharePublicKey, type SecretShare } from "@cowboy/crypto";
import { z } from "zod";

/** Everything a validator signs with. Never leaves its data directory. */
export interface ValidatorKeys {
  /** secp256k1 private key of the account its tips go to. */
  readonly accountKey: Uint8Array;
  readonly address: Uint8Array;
  /** BLS12-381 secret key for attributable votes (min-pk: 48-byte G1 public key). */
  readonly blsSecretKey: Uint8Array;
  readonly blsPublicKey: Uint8Array;
  /** Its share of the epoch's threshold key; index i+1 for validator i of the genesis list. */
  readonly share: SecretShare;
  /** Ed25519 seed of its network identity. */
  readonly networkSecret: Uint8Array;
  /** Ed25519 public key (32 bytes): its peer id on the network is this key's hex. */
  readonly networkKey: Uint8Array;
}

/** A validator as the genesis file lists it (public halves only). */
export interface GenesisValidator {
  readonly address: Uint8Array;
  /** Stake in base units; quorums are > 2/3 of the total (cips/consensus.md). */
  readonly stake: bigint;
  readonly blsPublicKey: Uint8Array;
  readonly networkKey: Uint8Array;
  /** Proof of possession of the BLS key (96 bytes); required when the chain runs with staking (its records are checked). */
  readonly proofOfPossession?: Uint8Array;
}

/** The genesis validator set and the epoch-0 threshold key (a trusted dealing; reshares come with staking). */
export interface ConsensusGenesis {
  readonly validators: readonly GenesisValidator[];
  /** Partials needed to recover a round's seed: n − f of n with f = floor((n-1)/3) (cips/consensus.md, "Quorums"). */
  readonly threshold: number;
  /** The epoch's threshold public key (48 bytes, G1). */
  readonly groupPublicKey: Uint8Array;
  /** Feldman commitments of the dealing polynomial (threshold of them); share i's key is derived from them. */
  readonly commitments: readonly Uint8Array[];
}

/**
 * The seed threshold of an equal-stake set of `n`: n − f with f = floor((n-1)/3), the honest
 * validators' count, so that the stake rule and the count rule of a quorum coincide (cips/consensus.md, "Quorums").
 */
export function seedThreshold(n: number): number {
  return n - Math.floor((n - 1) / 3);
}

/** A bad or unreadable validator key file. */
export class ValidatorKeyError extends CowboyError<"INVALID_VALIDATOR_KEY"> {
  override readonly name = "ValidatorKeyError";
  constructor(message: string) {
    super("INVALID_VALIDATOR_KEY", message);
  }
}

/** Keys from 32-byte secrets (the BLS key is reduced into range by the dealing's rules). */
function keysFrom(accountKey: Uint8Array, blsSecretKey: Uint8Array, networkSecret: Uint8Array, share: SecretShare): ValidatorKeys {
  return {
    accountKey,
    address: addressFromPrivateKey(accountKey),
    blsSecretKey,
    blsPublicKey: bls.getPublicKey(blsSecretKey),
    share,
    networkSecret,
    networkKey: ed25519.getPublicKey(networkSecret),
  };
}

/** A valid BLS secret key from 32 random-looking bytes: hash until it is below the group order and nonzero. */
function blsSecretFrom(material: Uint8Array): Uint8Array {
  for (let candidate = keccak256(material); ; candidate = keccak256(candidate)) {
    try {
      bls.getPublicKey(candidate);
      return candidate;
    } catch {
      // out of range (probability ~2^-2); hash again
    }
  }
}

/**
 * A validator set of `n` with a trusted dealing of the epoch key, every secret derived from
 * `entropy` (32+ bytes: random for a testnet, a public label for the devnet). Stake is equal.
 */
export function generateValidatorSet(n: number, entropy: Uint8Array, stake: bigint): { genesis: ConsensusGenesis; keys: ValidatorKeys[] } {
  const derive = (label: string, i: number): Uint8Array => keccak256(new Uint8Array([...entropy, ...new TextEncoder().encode(`${label} ${i}`)]));
  const threshold = seedThreshold(n);
  const dealing = dealShares(blsSecretFrom(derive("group", 0)), threshold, n, derive("dealing", 0));
  const keys = dealing.shares.map((share, i) => keysFrom(derive("account", i), blsSecretFrom(derive("bls", i)), derive("network", i), share));
  return {
    keys,
    genesis: {
      validators: keys.map((k) => ({ address: k.address, stake, blsPublicKey: k.blsPublicKey, networkKey: k.networkKey, proofOfPossession: blsPopProve(k.blsSecretKey) })),
      threshold,
      groupPublicKey: dealing.groupPublicKey,
      commitments: dealing.commitments,
    },
  };
}

const hex = (bytes: number) => z.string().regex(new RegExp(`^0x[0-9a-f]{${bytes * 2}}$`), `expected 0x and ${bytes} bytes of lowercase hex`);

const keyFileSchema = z.strictObject({
  address: hex(20),
  account_key: hex(32),
  bls_secret_key: hex(32),
  share: z.strictObject({ index: z.number().int().min(1).max(65_535), secret_key: hex(32) }),
  network_key: hex(32),
});

export function validatorKeysToJson(keys: ValidatorKeys): z.infer<typeof keyFileSchema> {
  return {
    address: `0x${toHex(keys.address)}`,
    account_key: `0x${toHex(keys.accountKey)}`,
    bls_secret_key: `0x${toHex(keys.blsSecretKey)}`,
    share: { index: keys.share.index, secret_key: `0x${toHex(keys.share.secretKey)}` },
    network_key: `0x${toHex(keys.networkSecret)}`,
  };
}

/** Writes the key file readable by its owner only. */
export function writeValidatorKeyFile(path: string, keys: ValidatorKeys): void {
  writeFileSync(path, `${JSON.stringify(validatorKeysToJson(keys), null, 2)}\n`, { mode: 0o600 });
}

/** Reads and checks a key file: the address must match the account key. */
export function readValidatorKeyFile(path: string): ValidatorKeys {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ValidatorKeyError(`cannot read the validator key file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ValidatorKeyError(`the validator key file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = keyFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ValidatorKeyError(`validator key file ${path}: ${issue.path.join(".") || "file"}: ${issue.message}`);
  }
  const f = parsed.data;
  let keys: ValidatorKeys;
  try {
    keys = keysFrom(fromHex(f.account_key), fromHex(f.bls_secret_key), fromHex(f.network_key), { index: f.share.index, secretKey: fromHex(f.share.secret_key) });
  } catch (error) {
    throw new ValidatorKeyError(`validator key file ${path}: ${(error as Error).message}`);
  }
  if (toHex(keys.address) !== f.address.slice(2)) throw new ValidatorKeyError(`validator key file ${path}: address does not match account_key`);
  return keys;
}

/** The index of `keys` in the genesis set, checking that its public keys and share match; ValidatorKeyError otherwise. */
export function validatorIndex(genesis: ConsensusGenesis, keys: ValidatorKeys): number {
  const index = genesis.validators.findIndex((v) => toHex(v.blsPublicKey) === toHex(keys.blsPublicKey));
  if (index < 0) throw new ValidatorKeyError("this validator's BLS key is not in the genesis validator set");
  const v = genesis.validators[index]!;
  if (toHex(v.networkKey) !== toHex(keys.networkKey) || toHex(v.address) !== toHex(keys.address)) {
    throw new ValidatorKeyError(`the key file's network key or address differs from genesis validator ${index}`);
  }
  if (keys.share.index !== index + 1) throw new ValidatorKeyError(`the key file holds share ${keys.share.index}, genesis validator ${index} owns share ${index + 1}`);
  const expected = sharePublicKey(genesis.commitments, keys.share.index);
  if (toHex(bls.getPublicKey(keys.share.secretKey)) !== toHex(expected)) throw new ValidatorKeyError("the key file's threshold share does not match the genesis commitments");
  return index;
}
