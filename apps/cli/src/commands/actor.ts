import { CodecError, fromHex, toHex } from "@cowboy/codec";
import { actorAddress, canonicalizeSource, codeHash, TransactionError } from "@cowboy/types";
import { parseCommandArgs, type Command, type CommandGroup } from "../command.js";
import { CliError, usageError } from "../errors.js";
import { readInputFile } from "../io.js";

function fixedHex(value: string | undefined, option: string, length: number): Uint8Array {
  if (value === undefined) throw usageError(`missing ${option}`);
  let bytes: Uint8Array;
  try {
    bytes = fromHex(value);
  } catch (error) {
    if (error instanceof CodecError) throw usageError(`${option} is not valid hex: ${error.message}`);
    throw error;
  }
  if (bytes.length !== length) throw usageError(`${option} must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}

const address: Command = {
  summary: "print an actor's code hash and address (spec §1.2), one per line",
  usage: "--creator 0xADDR --salt 0xHEX32 --code FILE.py",
  async run(args, io) {
    const { values } = parseCommandArgs(
      args,
      { creator: { type: "string" }, salt: { type: "string" }, code: { type: "string" } },
      { min: 0, max: 0, names: "" },
    );
    const creator = fixedHex(values.creator, "--creator", 20);
    const salt = fixedHex(values.salt, "--salt", 32);
    if (values.code === undefined) throw usageError("missing --code");
    const source = await readInputFile(io, values.code);
    let canonical: Uint8Array;
    try {
      canonical = canonicalizeSource(source);
    } catch (error) {
      if (error instanceof TransactionError) throw new CliError(`${values.code}: ${error.message}`);
      throw error;
    }
    const hash = codeHash(canonical);
    io.out(`0x${toHex(hash)}\n0x${toHex(actorAddress(creator, salt, hash))}\n`);
    return 0;
  },
};

export const actorCommands: CommandGroup = {
  summary: "actor addresses (deploy, call and query arrive with the devnet)",
  commands: { address },
};
