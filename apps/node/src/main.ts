#!/usr/bin/env node
import { NODE_USAGE, NodeUsageError, parseNodeArgs, runNode, stopSignal } from "./run.js";

async function main(): Promise<number> {
  let options: ReturnType<typeof parseNodeArgs>;
  try {
    options = parseNodeArgs(process.argv.slice(2), process.cwd());
  } catch (error) {
    if (!(error instanceof NodeUsageError)) throw error;
    process.stderr.write(`error: ${error.message}\n\n${NODE_USAGE}`);
    return 2;
  }
  if (options === undefined) {
    process.stdout.write(NODE_USAGE);
    return 0;
  }
  const node = await runNode(
    options,
    (t) => void process.stdout.write(t),
    (t) => void process.stderr.write(t),
  );
  await stopSignal();
  await node.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
