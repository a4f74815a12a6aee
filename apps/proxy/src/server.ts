// The proxy's HTTP face on 127.0.0.1 (cips/cbss.md §8): POST /cbss/v1/release takes a signed request
// (application/octet-stream) and answers the sealed statement, or a JSON {code, message} refusal.
import { type IncomingMessage, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CbssError } from "@cowboy/cbss";

const MAX_BODY = 4096;

const STATUS: Record<string, number> = {
  POLICY_DENIED: 403,
  BAD_SIGNATURE: 401,
  NO_SECRET: 404,
  NO_COMMITTEE: 503,
  INVALID_ARGUMENT: 400,
  INVALID_ENCODING: 400,
  INVALID_NAME: 400,
};

async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let n = 0;
  for await (const c of req) {
    n += (c as Uint8Array).length;
    if (n > MAX_BODY) throw new CbssError("INVALID_ARGUMENT", `request body over ${MAX_BODY} bytes`);
    chunks.push(c as Uint8Array);
  }
  const out = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

export interface ReleaseServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function serveRelease(handler: (body: Uint8Array) => Promise<Uint8Array>, port = 0, log: (line: string) => void = () => {}): Promise<ReleaseServer> {
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/cbss/v1/release") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ code: "NOT_FOUND", message: "POST /cbss/v1/release" }));
      return;
    }
    readBody(req)
      .then(handler)
      .then((sealed) => {
        log("release served");
        res.writeHead(200, { "content-type": "application/octet-stream" }).end(sealed);
      })
      .catch((e: unknown) => {
        const code = e instanceof CbssError ? e.code : "INTERNAL";
        const message = e instanceof Error ? e.message : String(e);
        log(`release refused: ${code}: ${message}`);
        res.writeHead(STATUS[code] ?? (e instanceof CbssError ? 400 : 500), { "content-type": "application/json" }).end(JSON.stringify({ code, message }));
      });
  });
  // Keep idle connections longer than clients do, so a client never reuses a socket the server is closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  const addr = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
