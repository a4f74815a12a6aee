// OCI image layouts for the container executor (OCI image-spec v1.1 layout: oci-layout, index.json, blobs/sha256/*).
// `buildBusyboxLayout` makes a one-layer image from Debian's busybox-static (no registry needed); `unpackLayout`
// verifies every blob's digest and extracts the layers into a bundle's rootfs.
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { RunnerError } from "../errors.js";
import { readTar, type TarEntry, writeTar } from "./tar.js";

const LAYER_TYPE = "application/vnd.oci.image.layer.v1.tar";
const MANIFEST_TYPE = "application/vnd.oci.image.manifest.v1+json";
const CONFIG_TYPE = "application/vnd.oci.image.config.v1+json";

/** The busybox applets the image links (each `bin/NAME -> busybox`). */
export const BUSYBOX_APPLETS = ["sh", "cat", "echo", "printf", "sleep", "head", "dd", "yes", "true", "false", "wc", "seq", "expr", "tr"];

const sha256 = (b: Uint8Array): string => createHash("sha256").update(b).digest("hex");

function putBlob(layout: string, bytes: Uint8Array): string {
  const hex = sha256(bytes);
  writeFileSync(join(layout, "blobs", "sha256", hex), bytes);
  return `sha256:${hex}`;
}

/** Writes an OCI layout with one image (busybox + applet links); returns the manifest digest (the image id). */
export function buildBusyboxLayout(layout: string, busyboxPath = "/bin/busybox"): string {
  mkdirSync(join(layout, "blobs", "sha256"), { recursive: true });
  const entries: TarEntry[] = [
    { type: "dir", path: "bin", mode: 0o755 },
    { type: "file", path: "bin/busybox", mode: 0o755, data: new Uint8Array(readFileSync(busyboxPath)) },
    ...BUSYBOX_APPLETS.map((a): TarEntry => ({ type: "symlink", path: `bin/${a}`, mode: 0o777, target: "busybox" })),
    { type: "dir", path: "tmp", mode: 0o1777 },
    { type: "dir", path: "proc", mode: 0o555 },
    { type: "dir", path: "dev", mode: 0o755 },
  ];
  const layer = writeTar(entries);
  const layerDigest = putBlob(layout, layer);
  const config = new TextEncoder().encode(
    JSON.stringify({ architecture: "amd64", os: "linux", config: { Env: ["PATH=/bin"], Cmd: ["/bin/sh"] }, rootfs: { type: "layers", diff_ids: [layerDigest] } }),
  );
  const configDigest = putBlob(layout, config);
  const manifest = new TextEncoder().encode(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: MANIFEST_TYPE,
      config: { mediaType: CONFIG_TYPE, digest: configDigest, size: config.length },
      layers: [{ mediaType: LAYER_TYPE, digest: layerDigest, size: layer.length }],
    }),
  );
  const manifestDigest = putBlob(layout, manifest);
  writeFileSync(join(layout, "oci-layout"), JSON.stringify({ imageLayoutVersion: "1.0.0" }));
  writeFileSync(
    join(layout, "index.json"),
    JSON.stringify({
      schemaVersion: 2,
      manifests: [{ mediaType: MANIFEST_TYPE, digest: manifestDigest, size: manifest.length, annotations: { "org.opencontainers.image.ref.name": "busybox" } }],
    }),
  );
  return manifestDigest;
}

function readBlob(layout: string, digest: string): Uint8Array {
  const m = /^sha256:([0-9a-f]{64})$/.exec(digest);
  if (m === null) throw new RunnerError("CONTAINER_UNAVAILABLE", `unsupported digest ${digest}`);
  const path = join(layout, "blobs", "sha256", m[1]!);
  if (!existsSync(path)) throw new RunnerError("CONTAINER_UNAVAILABLE", `blob ${digest} is missing from ${layout}`);
  const bytes = new Uint8Array(readFileSync(path));
  if (sha256(bytes) !== m[1]) throw new RunnerError("CONTAINER_UNAVAILABLE", `blob ${digest} does not match its digest`);
  return bytes;
}

/** Extracts the image `digest` (a manifest in the layout's index) into `rootfs`; verifies every blob. */
export function unpackLayout(layout: string, digest: string, rootfs: string): void {
  const index = JSON.parse(readFileSync(join(layout, "index.json"), "utf8")) as { manifests: { digest: string }[] };
  if (!index.manifests.some((m) => m.digest === digest)) throw new RunnerError("CONTAINER_UNAVAILABLE", `image ${digest} is not in the layout ${layout}`);
  const manifest = JSON.parse(new TextDecoder().decode(readBlob(layout, digest))) as { layers: { mediaType: string; digest: string }[] };
  mkdirSync(rootfs, { recursive: true });
  for (const layer of manifest.layers) {
    if (layer.mediaType !== LAYER_TYPE) throw new RunnerError("CONTAINER_UNAVAILABLE", `layer media type ${layer.mediaType} is not supported (uncompressed tar only)`);
    let entries: TarEntry[];
    try {
      entries = readTar(readBlob(layout, layer.digest));
    } catch (error) {
      if (error instanceof RunnerError) throw error;
      throw new RunnerError("CONTAINER_UNAVAILABLE", `layer ${layer.digest}: ${(error as Error).message}`);
    }
    for (const e of entries) {
      const target = join(rootfs, e.path);
      mkdirSync(dirname(target), { recursive: true });
      if (e.type === "dir") {
        mkdirSync(target, { recursive: true });
        chmodSync(target, e.mode);
      } else if (e.type === "file") writeFileSync(target, e.data, { mode: e.mode });
      else symlinkSync(e.target, target);
    }
  }
}
