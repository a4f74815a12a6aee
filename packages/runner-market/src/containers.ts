// 0x11 Container Registry (spec §5.2, §9; cips/runner-market.md "Container Registry"): the OCI image allowlist with
// a resource class per image. Until governance manages it, the list is the chain's configuration (genesis entries).
import type { ContainerImage, RunnerMarketConfig } from "./config.js";

/** The allowlisted entry for `image` (exact reference match), or undefined. */
export function allowedImage(cfg: RunnerMarketConfig, image: string): ContainerImage | undefined {
  return cfg.containerImages.find((e) => e.image === image);
}
