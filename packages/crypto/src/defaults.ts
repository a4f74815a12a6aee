// The default secp256k1 and BLS back-ends, chosen on first use (issue 19 "Startup"): loading the native addons
// (libsecp256k1, blst) cost ~70 ms of every process's start-up (160-220 ms wall under load), though many programs
// (`cowboy pvm run`, most CLI commands) sign or verify nothing. `getNativeSecp256k1()` / `getNativeBls()` load the
// addon on their first call and keep the answer; `secp256k1` and `bls` forward every call to the native back-end
// when it loads, else to noble — the same bytes and verdicts either way, and the choice never changes afterwards.
import { createNativeBls, loadBlstModule } from "./bls-native.js";
import { type Bls, nobleBls } from "./bls.js";
import { createNativeSecp256k1, loadNativeSecp256k1Binding } from "./secp256k1-native.js";
import { nobleSecp256k1, type Secp256k1 } from "./secp256k1.js";

let nativeSecp: Secp256k1 | undefined | null = null;
let nativeBlst: Bls | undefined | null = null;

/** libsecp256k1 (~26x faster verify) when its prebuilt addon loads, else undefined; loaded on the first call. */
export function getNativeSecp256k1(): Secp256k1 | undefined {
  if (nativeSecp === null) {
    const binding = loadNativeSecp256k1Binding();
    nativeSecp = binding === undefined ? undefined : createNativeSecp256k1(binding);
  }
  return nativeSecp;
}

/** blst (~25x faster than noble) when @chainsafe/blst's native module loads, else undefined; loaded on the first call. */
export function getNativeBls(): Bls | undefined {
  if (nativeBlst === null) {
    const blst = loadBlstModule();
    nativeBlst = blst === undefined ? undefined : createNativeBls(blst);
  }
  return nativeBlst;
}

const secpBackend = (): Secp256k1 => getNativeSecp256k1() ?? nobleSecp256k1;
const blsBackend = (): Bls => getNativeBls() ?? nobleBls;

/** The default secp256k1: native when available, else the @noble reference (its `name` says which). */
export const secp256k1: Secp256k1 = {
  get name() {
    return secpBackend().name;
  },
  getPublicKey: (...a) => secpBackend().getPublicKey(...a),
  sign: (...a) => secpBackend().sign(...a),
  recoverPublicKey: (...a) => secpBackend().recoverPublicKey(...a),
  verify: (...a) => secpBackend().verify(...a),
  verifyMany: (...a) => secpBackend().verifyMany(...a),
};

/** The default BLS back-end: native when available, else noble (its `name` says which; prepared keys carry it). */
export const bls: Bls = {
  get name() {
    return blsBackend().name;
  },
  getPublicKey: (...a) => blsBackend().getPublicKey(...a),
  sign: (...a) => blsBackend().sign(...a),
  verify: (...a) => blsBackend().verify(...a),
  aggregateSignatures: (...a) => blsBackend().aggregateSignatures(...a),
  aggregatePublicKeys: (...a) => blsBackend().aggregatePublicKeys(...a),
  fastAggregateVerify: (...a) => blsBackend().fastAggregateVerify(...a),
  preparePublicKey: (...a) => blsBackend().preparePublicKey(...a),
  verifyBatch: (...a) => blsBackend().verifyBatch(...a),
};
