// Which G2 combiner recoverSignature uses (cips/crypto.md, "Backends"): noble until
// loadFastThreshold() has loaded mcl-wasm, mcl afterwards. This is the package's one piece of
// module-level state, kept on purpose: recoverSignature stays a plain synchronous function, and
// the switch only ever goes from noble to mcl, which return the same bytes and errors.
import { nobleG2Combiner, type G2Combiner } from "./threshold-combine.js";
import { createMclG2Combiner, loadMclModule } from "./threshold-mcl.js";

let active: G2Combiner = nobleG2Combiner;
let loading: Promise<G2Combiner["name"]> | undefined;

/** The combiner recoverSignature uses now. */
export function activeG2Combiner(): G2Combiner {
  return active;
}

/** Name of the implementation behind recoverSignature: "mcl" once loadFastThreshold succeeded, else "noble". */
export function thresholdBackend(): G2Combiner["name"] {
  return active.name;
}

/**
 * Loads mcl-wasm once (about 250 ms) and from then on makes recoverSignature combine partials with
 * it: about 10x faster, same bytes, same errors. Resolves to the backend now in use; never rejects
 * (if mcl-wasm cannot load, recoverSignature keeps using noble and this resolves to "noble").
 * Calling it again returns the first call's promise. Call it once at startup, next to loadFastHashes.
 */
export function loadFastThreshold(): Promise<G2Combiner["name"]> {
  loading ??= loadMclModule().then((mcl) => {
    if (mcl !== undefined) active = createMclG2Combiner(mcl);
    return active.name;
  });
  return loading;
}
