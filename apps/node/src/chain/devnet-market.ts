// The devnet's runner-market flags (cips/runner-market.md "Deterministic mode (TEE)", "Container Registry"):
// `--tee-enclave MEASUREMENT:KEY` lists an enclave (measurement and attestation key, 32 bytes of hex each) in
// `teeMeasurements`, `--container-image REF` allowlists an image pinned by digest in the 0x11 Container Registry with
// the small resource class. Both only shape the built-in devnet's genesis parameters; a real chain lists them by
// governance (`system:gov:param:tee_measurements`, `system:gov:param:container_images`). Give the same flags on
// every start of one data directory.
import { fromHex } from "@cowboy/codec";
import { createRunnerMarketConfig, type RunnerMarketConfig, SMALL_CONTAINER_CLASS } from "@cowboy/runner-market";
import { NodeUsageError } from "../errors.js";
import { DEVNET_CHALLENGE_WINDOW } from "./genesis.js";

const ENCLAVE = /^(?:0x)?([0-9a-f]{64}):(?:0x)?([0-9a-f]{64})$/;
const PINNED = /^(?:[a-z0-9][a-z0-9._/:-]*@)?sha256:[0-9a-f]{64}$/;

/** The devnet's runner market with the enclaves and images the flags name (undefined when neither is given). */
export function devnetMarketFromFlags(enclaves: readonly string[], images: readonly string[]): RunnerMarketConfig | undefined {
  if (enclaves.length === 0 && images.length === 0) return undefined;
  const teeMeasurements = enclaves.map((text) => {
    const m = ENCLAVE.exec(text);
    if (m === null) throw new NodeUsageError(`--tee-enclave expects MEASUREMENT:KEY (64 lower-case hex digits each), got '${text}'`);
    return { measurement: fromHex(m[1]!), attestationKey: fromHex(m[2]!) };
  });
  const containerImages = images.map((image) => {
    if (!PINNED.test(image)) throw new NodeUsageError(`--container-image expects a reference pinned by digest (name@sha256:<64 hex> or sha256:<64 hex>), got '${image}'`);
    return { image, ...SMALL_CONTAINER_CLASS };
  });
  return createRunnerMarketConfig({ challengeWindow: DEVNET_CHALLENGE_WINDOW, teeMeasurements, containerImages });
}
