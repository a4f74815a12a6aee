// The FUSE mount process (cips/cbfs.md §12), spawned by `spawnMountProcess` (spawn.ts): reads its MountConfig from
// stdin, opens the volume over HTTP (the manifest checked against the root), mounts it read-only, and says so with
// one JSON line on stdout — `{"ready":true,"size":N}` or `{"error":{"code","message"}}`. SIGTERM or SIGINT unmount
// and exit 0; so does an unmount from outside (fusermount -u), noticed within a second. Read failures go to stderr.
// Given the node's RPC URL with a self-issued CapToken, it renews the token itself before it expires (renew.ts).
import { isCowboyError } from "@cowboy/codec";
import { createCbfsClient } from "../client/client.js";
import { createHttpTransport } from "../client/http-transport.js";
import { parseMountConfig } from "./config.js";
import { retryAfterRenewal, startTokenRenewal } from "./renew.js";
import { serveVolume } from "./serve.js";
import { isFuseMounted } from "./support.js";

const say = (value: unknown) => new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(value)}\n`, () => resolve()));

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const log = (line: string) => process.stderr.write(`cbfs mount: ${line}\n`);

async function main(): Promise<void> {
  const config = parseMountConfig(await readStdin());
  const cap = config.transport.capToken;
  const renewal = config.renew === undefined || cap === undefined ? undefined : startTokenRenewal({ auth: cap, ...config.renew, log });
  const transport = createHttpTransport(renewal === undefined ? config.transport : { ...config.transport, capToken: renewal.current });
  const client = createCbfsClient({ transport });
  const opened = await client.open(config.root, config.key, {
    relays: config.relays,
    also: config.also,
    readAhead: 1,
    ...(config.cacheBytes === undefined ? {} : { cacheBytes: config.cacheBytes }),
  });
  config.key.fill(0); // the reader keeps its own copy
  const reader = renewal === undefined ? opened : retryAfterRenewal(opened, renewal);
  const served = await serveVolume(reader, { dir: config.dir, name: config.name, log });
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    clearInterval(watch);
    renewal?.close();
    const failed = await served.unmount().then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    transport.close();
    if (failed !== undefined) process.stderr.write(`cbfs mount: ${failed.message}\n`);
    process.exit(failed === undefined ? 0 : 1);
  };
  // Unmounted from outside: nothing left to serve.
  const watch = setInterval(() => {
    isFuseMounted(config.dir).then((mounted) => {
      if (!mounted && !stopping) {
        stopping = true;
        transport.close();
        process.exit(0);
      }
    });
  }, 1000);
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  await say({ ready: true, size: reader.size, pid: process.pid });
}

main().catch(async (error: unknown) => {
  const code = isCowboyError(error) ? String(error.code) : "MOUNT_FAILED";
  await say({ error: { code, message: (error as Error).message } });
  process.exit(1);
});
