import { randomBytes } from "node:crypto";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { CodecError, fromHex } from "@cowboy/codec";
import { checksumAddress } from "@cowboy/crypto";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { CliError, usageError } from "../errors.js";
import { decodeUtf8, readInputFile, type CliIo } from "../io.js";
import { decryptKey, Keystore } from "../keystore.js";
import { decryptKeystoreV3, encryptKeystoreV3, parseKeystoreV3 } from "../keystore-v3.js";

/** The 32-byte private key from --key or COWBOY_KEY, as hex. */
export function parseKey(text: string | undefined, io: CliIo): Uint8Array {
  const value = text ?? io.env.COWBOY_KEY;
  if (value === undefined) throw usageError("missing --key (or COWBOY_KEY)");
  let key: Uint8Array;
  try {
    key = fromHex(value.trim().toLowerCase());
  } catch (error) {
    if (error instanceof CodecError) throw usageError(`--key is not valid hex: ${error.message}`);
    throw error;
  }
  if (key.length !== 32) throw usageError(`--key must be 32 bytes, got ${key.length}`);
  return key;
}

export const KEYSTORE_OPTIONS = { keystore: { type: "string" }, "password-file": { type: "string" } } as const;

export function keystoreFor(dir: string | undefined, io: CliIo): Keystore {
  return new Keystore(resolve(dir ?? io.env.COWBOY_KEYSTORE ?? join(io.env.HOME ?? homedir(), ".cowboy", "keystore")));
}

/** The password from --password-file (first line) or COWBOY_PASSWORD; never from the command line. */
export async function readPassword(file: string | undefined, io: CliIo): Promise<string> {
  if (file !== undefined) {
    const password = decodeUtf8(await readInputFile(io, file), file).split(/\r?\n/)[0]!;
    if (password === "") throw usageError(`${file} holds an empty password`);
    return password;
  }
  const env = io.env.COWBOY_PASSWORD;
  if (env === undefined || env === "") throw usageError("give the keystore password with --password-file FILE or COWBOY_PASSWORD");
  return env;
}

const create: Command = {
  summary: "create a new key, encrypted with a password; prints its address",
  usage: "NAME [--password-file FILE] [--keystore DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, KEYSTORE_OPTIONS, { min: 1, max: 1, names: "NAME" });
    const password = await readPassword(values["password-file"], io);
    const file = keystoreFor(values.keystore, io).add(new Uint8Array(randomBytes(32)), password, positionals[0]!);
    io.out(`${file.address}\n`);
    return 0;
  },
};

const importKey: Command = {
  summary: "import a private key into the keystore, encrypted with a password; prints its address",
  usage: "NAME --key HEX32 [--password-file FILE] [--keystore DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...KEYSTORE_OPTIONS, key: { type: "string" } }, { min: 1, max: 1, names: "NAME" });
    const key = parseKey(values.key, io);
    const password = await readPassword(values["password-file"], io);
    io.out(`${keystoreFor(values.keystore, io).add(key, password, positionals[0]!).address}\n`);
    return 0;
  },
};

const list: Command = {
  summary: "list the keystore's keys: address and name, one per line",
  usage: "[--keystore DIR] [--json]",
  async run(args, io) {
    const { values } = parseCommandArgs(args, { keystore: { type: "string" }, json: { type: "boolean" } }, { min: 0, max: 0, names: "" });
    const keys = keystoreFor(values.keystore, io).list();
    if (values.json) io.out(`${JSON.stringify(keys.map((k) => ({ name: k.name, address: k.address })))}\n`);
    else for (const k of keys) io.out(`${k.address} ${k.name}\n`);
    return 0;
  },
};

/** The two lines every key command that touches Ethereum prints: one address, two spellings. */
function bothChains(address: string): string {
  return `cowboy   ${address}\nethereum ${checksumAddress(fromHex(address.slice(2)))}\n`;
}

/** The keystore v3 file's own password: --v3-password-file, else the Cowboy keystore password. */
async function readV3Password(file: string | undefined, fallback: string, io: CliIo): Promise<string> {
  return file === undefined ? fallback : readPassword(file, io);
}

const importKeystore: Command = {
  summary: "import an Ethereum keystore v3 file (scrypt or pbkdf2); prints the address on Cowboy and on Ethereum",
  usage: "FILE NAME [--password-file FILE] [--v3-password-file FILE] [--keystore DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...KEYSTORE_OPTIONS, "v3-password-file": { type: "string" } }, { min: 2, max: 2, names: "FILE NAME" });
    const [path, name] = positionals as [string, string];
    const v3 = parseKeystoreV3(decodeUtf8(await readInputFile(io, path), path));
    const password = await readPassword(values["password-file"], io);
    const key = decryptKeystoreV3(v3, await readV3Password(values["v3-password-file"], password, io));
    io.out(bothChains(keystoreFor(values.keystore, io).add(key, password, name).address));
    return 0;
  },
};

const exportKeystore: Command = {
  summary: "write a key as an Ethereum keystore v3 file (--kdf scrypt or pbkdf2) any Ethereum wallet imports",
  usage: "NAME_OR_ADDRESS --out FILE [--kdf scrypt|pbkdf2] [--password-file FILE] [--v3-password-file FILE] [--keystore DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      args,
      { ...KEYSTORE_OPTIONS, "v3-password-file": { type: "string" }, out: { type: "string" }, kdf: { type: "string" } },
      { min: 1, max: 1, names: "NAME_OR_ADDRESS" },
    );
    if (values.out === undefined) throw usageError("missing --out FILE");
    const kdf = values.kdf ?? "scrypt";
    if (kdf !== "scrypt" && kdf !== "pbkdf2") throw usageError(`--kdf must be scrypt or pbkdf2, got '${kdf}'`);
    const stored = keystoreFor(values.keystore, io).find(positionals[0]!);
    const password = await readPassword(values["password-file"], io);
    const key = decryptKey(stored, password);
    const v3 = encryptKeystoreV3(key, await readV3Password(values["v3-password-file"], password, io), { kdf });
    try {
      await io.createFile(values.out, `${JSON.stringify(v3, null, 2)}\n`);
    } catch (error) {
      throw new CliError(`cannot write ${values.out}: ${(error as NodeJS.ErrnoException).code === "EEXIST" ? "it already exists" : (error as Error).message}`);
    }
    io.out(bothChains(stored.address));
    return 0;
  },
};

const show: Command = {
  summary: "show a key's address on Cowboy and on Ethereum (the same 20 bytes; Ethereum's EIP-55 spelling)",
  usage: "NAME_OR_ADDRESS [--keystore DIR]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { keystore: { type: "string" } }, { min: 1, max: 1, names: "NAME_OR_ADDRESS" });
    io.out(bothChains(keystoreFor(values.keystore, io).find(positionals[0]!).address));
    return 0;
  },
};

export const keysCommands: CommandGroup = {
  summary: "an encrypted keystore (scrypt + AES-256-GCM); Ethereum keystore v3 import and export",
  commands: { new: create, import: importKey, list, show, "import-keystore": importKeystore, "export-keystore": exportKeystore },
};
