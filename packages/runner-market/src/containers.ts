// 0x11 Container Registry (spec §5.2, §9; cips/runner-market.md "Container Registry"): the OCI image allowlist with
// a resource class per image. Until governance manages it, the list is the chain's configuration (genesis entries).
import type { ContainerImage, RunnerMarketConfig } from "./config.js";

/** The allowlisted entry for `image` (exact reference match), or undefined. */
export function allowedImage(cfg: RunnerMarketConfig, image: string): ContainerImage | undefined {
  return cfg.containerImages.find((e) => e.image === image);
}

/** The smallest resource class (the container executor's defaults: half a core, 64 MiB, 10 s); devnets list images with it. */
export const SMALL_CONTAINER_CLASS: Omit<ContainerImage, "image"> = Object.freeze({ resourceClass: "small", cpuMillis: 500n, memoryMiB: 64n, maxSeconds: 10n });
