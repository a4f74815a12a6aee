// Ethereum's Web3 Secret Storage (keystore v3) files, so one secp256k1 key controls the same address
// on Cowboy and Ethereum (spec §16.1, cips/interop.md "Account unification"). KDF scrypt or
// pbkdf2-hmac-sha256 derives 32 bytes; the first 16 are the aes-128-ctr key, the MAC is
// keccak256(dk[16..32] ‖ ciphertext).
import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes, randomUUID, scryptSync, timingSafeEqual } from "node:crypto";
import { equalBytes, fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { z } from "zod";
import { CliError } from "./errors.js";

const hexString = z.string().regex(/^(0x)?[0-9a-fA-F]*$/);

const v3Schema = z.object({
  version: z.literal(3),
  id: z.string().optional(),
  address: z.string().optional(),
  crypto: z.object({
    cipher: z.literal("aes-128-ctr"),
    cipherparams: z.object({ iv: hexString }),
    ciphertext: hexString,
    kdf: z.enum(["scrypt", "pbkdf2"]),
    kdfparams: z.union([
      z.object({ n: z.number().int().positive(), r: z.number().int().positive(), p: z.number().int().positive(), dklen: z.literal(32), salt: hexString }),
      z.object({ c: z.number().int().positive(), prf: z.literal("hmac-sha256"), dklen: z.literal(32), salt: hexString }),
    ]),
    mac: hexString,
  }),
});

/** A keystore v3 document as written to disk (lower-case `crypto` key, as geth, ethers and MetaMask write it). */
export type KeystoreV3 = z.infer<typeof v3Schema>;

/** Ceilings on decryption work so a hostile file cannot stall or exhaust the process. */
const MAX_SCRYPT_N = 1 << 20;
const MAX_PBKDF2_ROUNDS = 10_000_000;

/** Defaults of a written file: scrypt N = 2^17, r = 8, p = 1 (geth's "standard" parameters), or pbkdf2 with 262,144 rounds. */
export const V3_DEFAULTS = { scrypt: { n: 1 << 17, r: 8, p: 1 }, pbkdf2: { c: 262_144 } } as const;

const unhex = (s: string): Uint8Array => fromHex(s.replace(/^0x/, "").toLowerCase());

function deriveKey(password: string, kdf: KeystoreV3["crypto"]["kdf"], params: KeystoreV3["crypto"]["kdfparams"]): Uint8Array {
  const salt = unhex(params.salt);
  const pw = password.normalize("NFKC");
  if (kdf === "scrypt") {
    if (!("n" in params)) throw new CliError("keystore: scrypt needs kdfparams n, r, p");
    if (params.n > MAX_SCRYPT_N || (params.n & (params.n - 1)) !== 0 || params.r > 16 || params.p > 4)
      throw new CliError(`keystore: scrypt parameters n=${params.n} r=${params.r} p=${params.p} are out of range (n a power of two ≤ 2^20, r ≤ 16, p ≤ 4)`);
    return new Uint8Array(scryptSync(pw, salt, 32, { N: params.n, r: params.r, p: params.p, maxmem: 256 * params.n * params.r + (1 << 20) }));
  }
  if (!("c" in params)) throw new CliError("keystore: pbkdf2 needs kdfparams c and prf");
  if (params.c > MAX_PBKDF2_ROUNDS) throw new CliError(`keystore: pbkdf2 rounds ${params.c} exceed ${MAX_PBKDF2_ROUNDS}`);
  return new Uint8Array(pbkdf2Sync(pw, salt, params.c, 32, "sha256"));
}

const mac = (dk: Uint8Array, ciphertext: Uint8Array): Uint8Array => keccak256(new Uint8Array([...dk.subarray(16, 32), ...ciphertext]));

/** Parses keystore v3 JSON text; a malformed document is a CliError naming the field. */
export function parseKeystoreV3(text: string): KeystoreV3 {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CliError("keystore: not JSON");
  }
  // Some writers use "Crypto" (geth before 1.4); accept it by renaming.
  if (typeof json === "object" && json !== null && "Crypto" in json && !("crypto" in json)) {
    const { Crypto, ...rest } = json as Record<string, unknown>;
    json = { ...rest, crypto: Crypto };
  }
  const parsed = v3Schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(`keystore: not a v3 key file: ${issue.path.join(".") || "document"} ${issue.message}`);
  }
  return parsed.data;
}

/** The 32-byte private key; a wrong password (MAC mismatch) or a key not matching `address` is a CliError. */
export function decryptKeystoreV3(file: KeystoreV3, password: string): Uint8Array {
  const c = file.crypto;
  const ciphertext = unhex(c.ciphertext);
  if (ciphertext.length !== 32) throw new CliError(`keystore: ciphertext must be 32 bytes, got ${ciphertext.length}`);
  const iv = unhex(c.cipherparams.iv);
  if (iv.length !== 16) throw new CliError(`keystore: iv must be 16 bytes, got ${iv.length}`);
  const dk = deriveKey(password, c.kdf, c.kdfparams);
  const expected = unhex(c.mac);
  const actual = mac(dk, ciphertext);
  if (expected.length !== 32 || !timingSafeEqual(expected, actual)) throw new CliError("keystore: wrong password (MAC mismatch)");
  const decipher = createDecipheriv("aes-128-ctr", dk.subarray(0, 16), iv);
  const privateKey = new Uint8Array(Buffer.concat([decipher.update(ciphertext), decipher.final()]));
  if (file.address !== undefined && file.address !== "") {
    const stated = unhex(file.address);
    if (!equalBytes(stated, addressFromPrivateKey(privateKey))) throw new CliError(`keystore: the key does not belong to the stated address 0x${toHex(stated)}`);
  }
  return privateKey;
}

export interface EncryptV3Options {
  /** "scrypt" (default) or "pbkdf2". */
  kdf?: "scrypt" | "pbkdf2";
  /** Override the work factors (tests use small ones); defaults are V3_DEFAULTS. */
  scrypt?: { n: number; r: number; p: number };
  pbkdf2?: { c: number };
}

/** Encrypts `privateKey` into a keystore v3 document any Ethereum wallet can import. */
export function encryptKeystoreV3(privateKey: Uint8Array, password: string, options: EncryptV3Options = {}): KeystoreV3 {
  const salt = toHex(randomBytes(32));
  const iv = randomBytes(16);
  const kdf = options.kdf ?? "scrypt";
  const kdfparams: KeystoreV3["crypto"]["kdfparams"] =
    kdf === "scrypt" ? { ...(options.scrypt ?? V3_DEFAULTS.scrypt), dklen: 32, salt } : { c: (options.pbkdf2 ?? V3_DEFAULTS.pbkdf2).c, prf: "hmac-sha256", dklen: 32, salt };
  const dk = deriveKey(password, kdf, kdfparams);
  const cipher = createCipheriv("aes-128-ctr", dk.subarray(0, 16), iv);
  const ciphertext = new Uint8Array(Buffer.concat([cipher.update(privateKey), cipher.final()]));
  return {
    version: 3,
    id: randomUUID(),
    address: toHex(addressFromPrivateKey(privateKey)),
    crypto: {
      cipher: "aes-128-ctr",
      cipherparams: { iv: toHex(iv) },
      ciphertext: toHex(ciphertext),
      kdf,
      kdfparams,
      mac: toHex(mac(dk, ciphertext)),
    },
  };
}
