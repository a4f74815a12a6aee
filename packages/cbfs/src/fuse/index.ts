// @cowboy/cbfs/fuse — a CBFS file mounted read-only through FUSE (cips/cbfs.md §12): an optional adapter over the
// client's random-access reader (`client.open`); everything else works without it.
export { type FuseSupport, fuseSupport, requireFuse, isFuseMounted, fuseMountPoints } from "./support.js";
export { type MountConfig, type MountRelay, relayToJson, parseMountConfig } from "./config.js";
export { type MountProcess, type SpawnMountOptions, spawnMountProcess, unmountDir } from "./spawn.js";
export { type TokenRenewal, type TokenRenewalOptions, chainHeight, retryAfterRenewal, startTokenRenewal } from "./renew.js";
export { type ServeOptions, type ServedVolume, serveVolume } from "./serve.js";
