// Loopback ports for tests: one nobody listens on (bound, then released), for a target that is down.
import { type AddressInfo, createServer } from "node:net";

/** A 127.0.0.1 port that was free a moment ago (the kernel hands it out, the test releases it). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}
