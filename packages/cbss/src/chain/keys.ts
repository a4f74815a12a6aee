// Where the Secrets Manager (0x04) lives in the authenticated state (cips/cbss.md §6 "State layout"):
// one system registry, `00 02 ‖ "cbss" ‖ 00 ‖ kind ‖ …`.
import { systemKey } from "@cowboy/state";

export const CBSS_REGISTRY = "cbss";

export const CbssKeyKind = {
  /** ‖ address (20): a proxy's record. */
  Proxy: 0x01,
  /** (alone): every proxy address, ascending. */
  ProxyIndex: 0x02,
  /** ‖ BLS public key (48): the proxy that registered it. */
  BlsKey: 0x03,
  /** ‖ epoch (u64 BE): a published committee. */
  Committee: 0x04,
  /** (alone): the current committee epoch (u64 BE). */
  CurrentEpoch: 0x05,
  /** ‖ owner (20) ‖ name: a secret's head (latest version, deposit, counts). */
  Secret: 0x06,
  /** ‖ owner (20) ‖ version (u32 BE) ‖ name: one version's envelope and policy. */
  Version: 0x07,
  /** ‖ owner (20): the owner's secret names, ascending. */
  OwnerIndex: 0x08,
  /** ‖ owner (20) ‖ name: the receipt log. */
  Receipts: 0x09,
  /** ‖ evidence hash (32): evidence already used to slash. */
  Evidence: 0x0a,
  /** ‖ owner (20) ‖ version (u32 BE) ‖ job id (32) ‖ runner (20) ‖ name: the proxies that reported this release. */
  Release: 0x0b,
  /** ‖ owner (20) ‖ version (u32 BE) ‖ job id (32) ‖ runner (20) ‖ name: the height a max_releases release was reserved (u64 BE). */
  Reservation: 0x0c,
} as const;

const enc = new TextEncoder();

function item(kind: number, ...parts: Uint8Array[]): Uint8Array {
  let len = 1;
  for (const p of parts) len += p.length;
  const out = new Uint8Array(len);
  out[0] = kind;
  let o = 1;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return systemKey(CBSS_REGISTRY, out);
}

const u64be = (v: bigint): Uint8Array => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, v);
  return b;
};
const u32be = (v: number): Uint8Array => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v);
  return b;
};

export const proxyKey = (address: Uint8Array): Uint8Array => item(CbssKeyKind.Proxy, address);
export const proxyIndexKey = (): Uint8Array => item(CbssKeyKind.ProxyIndex);
export const proxyBlsKey = (pk: Uint8Array): Uint8Array => item(CbssKeyKind.BlsKey, pk);
export const committeeKey = (epoch: bigint): Uint8Array => item(CbssKeyKind.Committee, u64be(epoch));
export const currentEpochKey = (): Uint8Array => item(CbssKeyKind.CurrentEpoch);
export const secretKey = (owner: Uint8Array, name: string): Uint8Array => item(CbssKeyKind.Secret, owner, enc.encode(name));
export const versionKey = (owner: Uint8Array, version: number, name: string): Uint8Array => item(CbssKeyKind.Version, owner, u32be(version), enc.encode(name));
export const ownerIndexKey = (owner: Uint8Array): Uint8Array => item(CbssKeyKind.OwnerIndex, owner);
export const receiptsKey = (owner: Uint8Array, name: string): Uint8Array => item(CbssKeyKind.Receipts, owner, enc.encode(name));
export const evidenceKey = (hash: Uint8Array): Uint8Array => item(CbssKeyKind.Evidence, hash);
export const releaseKey = (owner: Uint8Array, version: number, jobId: Uint8Array, runner: Uint8Array, name: string): Uint8Array =>
  item(CbssKeyKind.Release, owner, u32be(version), jobId, runner, enc.encode(name));
export const reservationKey = (owner: Uint8Array, version: number, jobId: Uint8Array, runner: Uint8Array, name: string): Uint8Array =>
  item(CbssKeyKind.Reservation, owner, u32be(version), jobId, runner, enc.encode(name));
