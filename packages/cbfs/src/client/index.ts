// @cowboy/cbfs/client — the off-chain CBFS client and its relay transports (cips/cbfs.md §6).
// @cowboy/execution never imports this subpath.
export type { RelayInfo, ByteRange, RelayTransport } from "./transport.js";
export { type CapTokenAuth, createHttpTransport, type HttpTransportOptions } from "./http-transport.js";
export {
  createCbfsClient,
  type CbfsClient,
  type CbfsClientOptions,
  type PutOptions,
  type PutResult,
  type GetOptions,
  type Progress,
  type RepairOptions,
  type RepairMove,
  type StorageReceipt,
} from "./client.js";
export { runLimited } from "./pool.js";
export type { ReaderOptions, VolumeReader } from "./reader.js";
export { type PlaintextSource, fileSource } from "./spool.js";
export { fetchChainRelays, type ChainRelays, type ChainRelayJson, type RpcRequest } from "./chain-relays.js";
export { type PutHolding, putHoldings } from "./put-holdings.js";
