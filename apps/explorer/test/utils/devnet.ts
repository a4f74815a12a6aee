// A real cowboyd (from apps/node's sources) on a free loopback port with its own data directory, for the browser tests.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../../node/src/main.ts", import.meta.url));

export interface Devnet {
  readonly url: string;
  readonly log: () => string;
  stop(): Promise<void>;
}

/** Starts a devnet making a block every `blockTimeMs` and resolves with its RPC URL once it says ready. */
export async function startDevnet(dataDir: string, blockTimeMs: number): Promise<Devnet> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@cowboy/source", MAIN, "--rpc-port", "0", "--data", dataDir, "--reset", "--block-time", String(blockTimeMs)],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cowboyd did not start:\n${log}`)), 120_000);
    const check = (): void => {
      const match = /ready url=(http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stderr.on("data", check);
    void exited.then(() => reject(new Error(`cowboyd exited:\n${log}`)));
  });
  return {
    url,
    log: () => log,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
