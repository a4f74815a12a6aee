// SSRF guard for runner egress (cips/runner-process.md "HTTP"): classifies a resolved IP address.
// Only public unicast addresses are reachable; `--devnet` additionally admits loopback (never link-local/metadata).
import { isIP } from "node:net";

export type AddressClass = "public" | "loopback" | "private" | "link-local" | "unspecified" | "multicast" | "reserved";

function v4Parts(address: string): number[] {
  return address.split(".").map(Number);
}

function classifyV4(address: string): AddressClass {
  const [a, b, c] = v4Parts(address) as [number, number, number, number];
  if (a === 0) return "unspecified";
  if (a === 127) return "loopback";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 100 && b >= 64 && b <= 127) return "private"; // carrier-grade NAT
  if (a === 169 && b === 254) return "link-local"; // includes the 169.254.169.254 metadata service
  if (a === 192 && b === 0 && c === 0) return "reserved";
  if (a === 192 && b === 0 && c === 2) return "reserved"; // TEST-NET-1
  if (a === 198 && (b === 18 || b === 19)) return "reserved"; // benchmarking
  if (a === 198 && b === 51 && c === 100) return "reserved";
  if (a === 203 && b === 0 && c === 113) return "reserved";
  if (a >= 224 && a <= 239) return "multicast";
  if (a >= 240) return "reserved";
  return "public";
}

/** Expands an IPv6 text form (as node:net accepts it) to its eight 16-bit groups. */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = v4Parts(dotted[2]!) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  if (!text.includes("::")) return parse(text);
  const [head, rest] = text.split("::") as [string, string];
  const h = parse(head);
  const r = parse(rest);
  return [...h, ...new Array<number>(8 - h.length - r.length).fill(0), ...r];
}

function classifyV6(address: string): AddressClass {
  const g = v6Groups(address);
  const allZero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (allZero(0, 8)) return "unspecified";
  if (allZero(0, 7) && g[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible and NAT64 (64:ff9b::/96) carry an IPv4 address: judge that.
  if ((allZero(0, 5) && g[5] === 0xffff) || allZero(0, 6) || (g[0] === 0x64 && g[1] === 0xff9b && allZero(2, 6))) {
    return classifyV4(`${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`);
  }
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return "private"; // fc00::/7 unique local (includes fd00:ec2::254)
  if ((first & 0xffc0) === 0xfe80) return "link-local";
  if ((first & 0xff00) === 0xff00) return "multicast";
  if (first === 0x2001 && g[1] === 0x0db8) return "reserved"; // documentation
  if (first === 0x2002) return "reserved"; // 6to4 can embed any IPv4 address
  return "public";
}

export function classifyAddress(address: string): AddressClass {
  const family = isIP(address);
  if (family === 4) return classifyV4(address);
  if (family === 6) return classifyV6(address);
  return "reserved";
}

/** Whether egress may connect to `address`: public always; loopback only on a devnet runner. */
export function addressAllowed(address: string, devnet: boolean): boolean {
  const c = classifyAddress(address);
  return c === "public" || (devnet && c === "loopback");
}
