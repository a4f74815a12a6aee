import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { z } from "zod";
import { CliError } from "./errors.js";

// Encrypted key files: scrypt (N = 2^15, r = 8, p = 1) derives a 32-byte key from the password,
// AES-256-GCM encrypts the private key; the address is stored in clear to find keys by it.

const SCRYPT = { N: 1 << 15, r: 8, p: 1 } as const;

const keyFileSchema = z.strictObject({
  version: z.literal(1),
  name: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
  address: z.string().regex(/^0x[0-9a-f]{40}$/),
  kdf: z.strictObject({ name: z.literal("scrypt"), n: z.number().int(), r: z.number().int(), p: z.number().int(), salt: z.string().regex(/^[0-9a-f]{64}$/) }),
  cipher: z.strictObject({ name: z.literal("aes-256-gcm"), iv: z.string().regex(/^[0-9a-f]{24}$/), tag: z.string().regex(/^[0-9a-f]{32}$/) }),
  ciphertext: z.string().regex(/^[0-9a-f]{64}$/),
});
export type KeyFile = z.infer<typeof keyFileSchema>;

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;

function derive(password: string, salt: Buffer, kdf: { n: number; r: number; p: number }): Buffer {
  return scryptSync(password.normalize("NFKC"), salt, 32, { N: kdf.n, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.n * kdf.r });
}

export function encryptKey(privateKey: Uint8Array, password: string, name: string): KeyFile {
  const salt = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derive(password, salt, { n: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }), iv);
  const ciphertext = Buffer.concat([cipher.update(privateKey), cipher.final()]);
  return {
    version: 1,
    name,
    address: `0x${toHex(addressFromPrivateKey(privateKey))}`,
    kdf: { name: "scrypt", n: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: salt.toString("hex") },
    cipher: { name: "aes-256-gcm", iv: iv.toString("hex"), tag: cipher.getAuthTag().toString("hex") },
    ciphertext: ciphertext.toString("hex"),
  };
}

export function decryptKey(file: KeyFile, password: string): Uint8Array {
  if (file.kdf.n > 1 << 20 || file.kdf.r > 16 || file.kdf.p > 4) throw new CliError(`key ${file.name}: scrypt parameters are unreasonably large`);
  const decipher = createDecipheriv("aes-256-gcm", derive(password, Buffer.from(file.kdf.salt, "hex"), file.kdf), Buffer.from(file.cipher.iv, "hex"));
  decipher.setAuthTag(Buffer.from(file.cipher.tag, "hex"));
  let key: Buffer;
  try {
    key = Buffer.concat([decipher.update(Buffer.from(file.ciphertext, "hex")), decipher.final()]);
  } catch {
    throw new CliError(`wrong password for key ${file.name}`);
  }
  const privateKey = new Uint8Array(key);
  if (`0x${toHex(addressFromPrivateKey(privateKey))}` !== file.address) throw new CliError(`key ${file.name} is corrupt: it does not match its address`);
  return privateKey;
}

/** A directory of key files, one `<name>.json` each. */
export class Keystore {
  constructor(readonly dir: string) {}

  list(): KeyFile[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => this.#read(join(this.dir, f)));
  }

  #read(path: string): KeyFile {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, "utf8"));
    } catch {
      throw new CliError(`${path} is not a key file (not JSON)`);
    }
    const parsed = keyFileSchema.safeParse(json);
    if (!parsed.success) throw new CliError(`${path} is not a key file: ${parsed.error.issues[0]!.path.join(".")} ${parsed.error.issues[0]!.message}`);
    return parsed.data;
  }

  /** Finds a key by name or address. */
  find(nameOrAddress: string): KeyFile {
    const wanted = nameOrAddress.toLowerCase();
    const found = this.list().find((k) => k.name.toLowerCase() === wanted || k.address === wanted);
    if (found === undefined) throw new CliError(`no key named or at ${nameOrAddress} in ${this.dir}`);
    return found;
  }

  add(privateKey: Uint8Array, password: string, name: string): KeyFile {
    if (!NAME.test(name)) throw new CliError(`key names are 1-64 letters, digits, '_', '.' or '-', got '${name}'`);
    const address = `0x${toHex(addressFromPrivateKey(privateKey))}`;
    const existing = this.list();
    if (existing.some((k) => k.name === name)) throw new CliError(`a key named ${name} already exists`);
    if (existing.some((k) => k.address === address)) throw new CliError(`the key for ${address} is already in the keystore`);
    const file = encryptKey(privateKey, password, name);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(this.dir, `${name}.json`), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    return file;
  }
}
