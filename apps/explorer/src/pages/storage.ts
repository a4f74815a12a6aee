// CBFS storage (issue 26; cips/cbfs.md §7): the volumes anchored at 0x0A (root, owner, size, K+M, rent paid up to) and
// the relays registered at 0x0B with their health (stake, heartbeat age, status, live). Read through
// cowboy_listVolumes / cowboy_listRelays.
import type { RelayInfo } from "@cowboy/client";
import { h, section, table } from "../dom.js";
import { addressLink, blockLink, cby, count, hex, short } from "../format.js";
import type { PageContext } from "../page.js";
import { href } from "../router.js";

export function volumeLink(root: Uint8Array, shorten = true): HTMLAnchorElement {
  const text = hex(root);
  return h("a", { href: href({ page: "volume", id: text }), class: "mono", "data-link": "volume", title: text }, shorten ? short(text) : text);
}

/** "1.5 MiB", "512 B" */
export function bytesText(n: bigint): string {
  if (n < 1024n) return `${n} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let value = Number(n) / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

export function relayHealth(r: RelayInfo): HTMLElement {
  const text = r.status === "exiting" ? "exiting" : r.live ? "live" : "dead";
  return h("span", { class: `status relay-${text}`, "data-testid": "relay-health" }, text);
}

export async function storagePage(ctx: PageContext): Promise<void> {
  const { client, root } = ctx;
  const [volumes, relays] = await Promise.all([client.listVolumes({ limit: 200 }), client.listRelays()]);
  root.append(h("h1", {}, "Storage (CBFS)"));
  if (volumes === undefined || relays === undefined) {
    root.append(h("p", { class: "muted", "data-testid": "no-storage" }, "This node does not serve the CBFS methods."));
    return;
  }
  root.append(
    section(
      "Volumes",
      "volumes",
      volumes.length === 0
        ? h("p", { class: "muted", "data-testid": "no-volumes" }, "No volume is anchored.")
        : table(
            ["Root", "Owner", "Size", "K + M", "Stored", "Anchored", "Paid until", "Repairs"],
            volumes.map((v) => [
              volumeLink(v.root),
              addressLink(v.owner, true),
              bytesText(v.size),
              `${v.k} + ${v.m}`,
              `${count(v.storedMiB)} MiB`,
              blockLink(v.anchoredAt),
              v.paidUntil.toString(),
              count(v.repairs),
            ]),
            "volumes-table",
          ),
    ),
    section("Relays", "relays", relaysTable(relays)),
  );
}

export function relaysTable(relays: readonly RelayInfo[]): HTMLElement {
  if (relays.length === 0) return h("p", { class: "muted", "data-testid": "no-relays" }, "No relay is registered.");
  return table(
    ["Relay", "Operator", "Health", "Stake", "Capacity", "Last heartbeat", "Heartbeat age", "Endpoint"],
    relays.map((r) => [
      addressLink(r.address, true),
      addressLink(r.operator, true),
      relayHealth(r),
      cby(r.stake),
      bytesText(r.capacity),
      blockLink(r.lastHeartbeat),
      `${count(r.heartbeatAge)} blocks`,
      h("span", { class: "mono" }, r.endpoint),
    ]),
    "relays-table",
  );
}
