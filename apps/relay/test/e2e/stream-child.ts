// Child process of streaming.test.ts: puts FILE from disk through the relays (a PlaintextSource, shards spooled
// to disk) and gets it back into OUT through getTo, then prints its resident-memory figures as JSON. Run alone so
// that its peak RSS is the client's own (the relays live in the parent).
import { open } from "node:fs/promises";
import { createCbfsClient, createHttpTransport, fileSource } from "@cowboy/cbfs/client";

const [file, out, spoolDir, ...relays] = process.argv.slice(2) as [string, string, string, ...string[]];
const rssStartMiB = process.memoryUsage().rss / 2 ** 20;
const transport = createHttpTransport();
const client = createCbfsClient({ transport });
const source = await fileSource(file);
const put = await client.put(source, { relays, ownerKey: new Uint8Array(32).fill(7), spoolDir });
await source.close();
const handle = await open(out, "w");
const written = await client.getTo(put.root, put.key, (bytes) => handle.write(bytes as Uint8Array), { relays: put.relays });
await handle.close();
transport.close();
// maxRSS is in KiB on Linux.
console.log(JSON.stringify({ root: Buffer.from(put.root).toString("hex"), written, rssStartMiB, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
