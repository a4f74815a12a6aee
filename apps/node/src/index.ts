export * from "./rpc/index.js";
