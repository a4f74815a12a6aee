// One CBFS volume (issue 26; cips/cbfs.md §5, §7): what 0x0A holds of its manifest (root, owner, size, K/M, rent,
// repairs), its stripes and shards, and where each stripe's shards are placed among 0x0B's live relays with each
// relay's health — all as the node computes them (cowboy_getVolume, cowboy_listRelays).
import type { RelayInfo, VolumeDetail } from "@cowboy/client";
import { equalBytes, fromHex } from "@cowboy/codec";
import { fields, h, section, table, type Child } from "../dom.js";
import { addressLink, blockLink, cby, count } from "../format.js";
import { errorBox, type PageContext } from "../page.js";
import { bytesText, relayHealth, relaysTable } from "./storage.js";

export async function volumePage(ctx: PageContext, id: string): Promise<void> {
  const { client, root } = ctx;
  if (!/^0x[0-9a-f]{64}$/.test(id)) {
    root.append(h("h1", {}, "Volume"), errorBox(`${id} is not a manifest root (0x and 64 hex digits)`));
    return;
  }
  const [volume, relays] = await Promise.all([client.getVolume(fromHex(id)), client.listRelays()]);
  root.append(h("h1", {}, "Volume ", h("span", { class: "mono small", "data-testid": "volume-root" }, id)));
  if (volume === undefined || relays === undefined) {
    root.append(h("p", { class: "muted", "data-testid": "no-storage" }, "This node does not serve the CBFS methods."));
    return;
  }
  if (volume === null) {
    root.append(errorBox(`No volume ${id} is anchored on this chain.`));
    return;
  }
  if (volume.status === "orphan") {
    root.append(h("p", { "data-testid": "volume-orphan" }, "Replaced by a newer manifest: its shards may be pruned from block ", volume.releaseAt.toString(), "."));
    return;
  }
  root.append(
    fields(
      [
        ["Owner", addressLink(volume.owner)],
        ["Size", h("span", { "data-testid": "volume-size" }, `${bytesText(volume.size)} (${count(volume.size)} bytes)`)],
        ["Coding", h("span", { "data-testid": "volume-coding" }, `K = ${volume.k} data + M = ${volume.m} parity shards per stripe`)],
        ["Stripes", h("span", { "data-testid": "volume-stripes" }, `${volume.layout.stripes} × ${volume.layout.shardsPerStripe} shards`)],
        ["Stored (rent basis)", `${count(volume.storedMiB)} MiB`],
        ["Rent", `${cby(volume.rentPerBlock)} per block`],
        ["Anchored at", blockLink(volume.anchoredAt)],
        ["Paid until", h("span", { "data-testid": "volume-paid-until" }, `${volume.paidUntil} (${count(volume.paidBlocksLeft)} blocks left)`)],
        ["Deletable by anyone after", volume.graceEndsAt.toString()],
        ["Repairs", count(volume.repairs)],
      ],
      "volume-fields",
    ),
    h(
      "p",
      { class: "muted" },
      `The manifest itself is kept by the relays; the stripe count assumes the client's ${bytesText(BigInt(volume.layout.blockSize))} blocks and ${bytesText(BigInt(volume.layout.segmentSize))} segments.`,
    ),
    section("Shard placement", "placement", placementView(volume, relays)),
    section("Relays", "volume-relays", relaysTable(relays)),
  );
}

function placementView(volume: VolumeDetail, relays: readonly RelayInfo[]): HTMLElement {
  if (volume.placement === null) return h("p", { class: "error", "data-testid": "placement-error" }, volume.placementError ?? "no placement");
  const cell = (address: Uint8Array): Child => {
    const relay = relays.find((r) => equalBytes(r.address, address));
    return h("span", {}, addressLink(address, true), " ", relay === undefined ? "" : relayHealth(relay));
  };
  const headers = ["Stripe", ...Array.from({ length: volume.layout.shardsPerStripe }, (_, i) => (i < volume.k ? `data ${i}` : `parity ${i - volume.k}`))];
  return h(
    "div",
    {},
    table(
      headers,
      volume.placement.map((p) => [p.stripe, ...p.relays.map(cell)]),
      "placement-table",
    ),
    volume.placement.length < volume.layout.stripes ? h("p", { class: "muted" }, `The first ${volume.placement.length} of ${volume.layout.stripes} stripes.`) : null,
  );
}
