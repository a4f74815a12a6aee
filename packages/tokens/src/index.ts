// @cowboy/tokens: platform fungible tokens at the Token Registry 0x06 (spec §9, §17.3). See cips/tokens.md.
export { TokenError, type TokenErrorCode } from "./errors.js";
export { DEFAULT_TOKENS_CONFIG, validateTokensConfig, type TokensConfig } from "./config.js";
export { TOKEN_REGISTRY_ADDRESS, TokenKeyKind, counterKey, tokenKey, balanceKey, allowanceKey } from "./keys.js";
export { tokenRecordCodec, encodeTokenRecord, decodeTokenRecord, type TokenRecord } from "./record.js";
export {
  getToken,
  balanceOf,
  allowanceOf,
  createToken,
  transfer,
  approve,
  transferFrom,
  mint,
  burn,
  type TokenState,
  type TransferHook,
  type CreateTokenRequest,
} from "./ops.js";
