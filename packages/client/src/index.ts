export {
  createClient,
  CowboyClient,
  encodeArgs,
  type ActiveTimer,
  type ActorArgs,
  type QueryOutcome,
  type SendOptions,
  type WaitOptions,
  type IncludedReceipt,
  type BlockSummary,
} from "./client.js";
export { ClientError, type ClientErrorCode } from "./errors.js";
export { httpTransport, type TransportOptions, type Request } from "./transport.js";
export { privateKeyToAccount, accountAddress, normalizeSignature, resolveSigner, type CowboyAccount, type Signer } from "./account.js";
