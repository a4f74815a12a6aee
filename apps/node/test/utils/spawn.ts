import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

export interface NodeProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Sends `signal` and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the real cowboyd from sources on a free loopback port and waits for its RPC. */
export async function startNodeProcess(args: string[]): Promise<NodeProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@cowboy/source", MAIN, "--rpc-port", "0", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cowboyd did not start:\n${err}`)), 60_000);
    // Ready once the log says so and (devnet) the account banner has arrived on stdout: the two
    // pipes are read independently, so either can come first.
    const check = (): void => {
      const match = /ready url=(http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (match && out.includes("JSON-RPC: ")) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stderr!.on("data", check);
    child.stdout!.on("data", check);
    void exited.then((code) => reject(new Error(`cowboyd exited with ${code}:\n${err}`)));
  });
  return {
    child,
    url,
    stdout: () => out,
    stderr: () => err,
    async stop(signal = "SIGTERM") {
      child.kill(signal);
      return exited;
    },
  };
}
