// The same threshold BLS tests after loadFastThreshold(): recoverSignature runs on mcl-wasm.
import { loadFastThreshold } from "../../src/index.js";
import { thresholdSuite } from "../utils/threshold-suite.js";

await loadFastThreshold();
thresholdSuite("mcl");
