import { randomBytes } from "node:crypto";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { CodecError, fromHex } from "@cowboy/codec";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { usageError } from "../errors.js";
import { decodeUtf8, readInputFile, type CliIo } from "../io.js";
import { Keystore } from "../keystore.js";

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

export const keysCommands: CommandGroup = {
  summary: "an encrypted keystore (scrypt + AES-256-GCM)",
  commands: { new: create, import: importKey, list },
};
