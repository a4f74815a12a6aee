export { StateError, type StateErrorCode } from "./errors.js";
export { MemoryBackend, LmdbBackend, type StateBackend } from "./backend.js";
export { StateStore, type StateHead, type StateStoreOptions } from "./store.js";
export { Fork } from "./fork.js";
export { proofCodec, encodeProof, decodeProof, verifyProof, MAX_PROOF_VALUE, type StateProof } from "./proof.js";
export { EMPTY_HASH as EMPTY_STATE_ROOT } from "./smt.js";
export { accountKey, actorCodeKey, actorStorageKey, systemKey, VmNamespace, SystemKind, PvmKind, MAX_STORAGE_KEY } from "./keys.js";
