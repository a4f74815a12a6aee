// @cowboy/interop/oracle: what an oracle operator runs off-chain (cips/interop.md "Oracles").
export { httpEthRpc, type EthRpc } from "./eth-rpc.js";
export { confirmedLogs, type Cursor, type LogFilter } from "./watcher.js";
