// How values are shown: hashes and addresses as lowercase 0x hex (shortened in lists), CBY amounts with
// @cowboy/types' formatCby, counts with thousands separators, times relative to now.
import { toHex } from "@cowboy/codec";
import { formatCby } from "@cowboy/types";
import { h } from "./dom.js";
import { href } from "./router.js";

export const hex = (bytes: Uint8Array): string => `0x${toHex(bytes)}`;

/** 0x1234…abcd */
export function short(text: string, keep = 6): string {
  return text.length <= 2 + keep * 2 + 1 ? text : `${text.slice(0, 2 + keep)}…${text.slice(-keep)}`;
}

/** 1,234,567 */
export function count(value: bigint | number): string {
  return BigInt(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "2.5 CBY" */
export function cby(units: bigint): string {
  return `${formatCby(units)} CBY`;
}

/** "3 s ago", "5 min ago", … from a millisecond timestamp. */
export function ago(timestampMs: bigint, nowMs: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((nowMs - Number(timestampMs)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

export function isoTime(timestampMs: bigint): string {
  return new Date(Number(timestampMs)).toISOString();
}

export function blockLink(height: bigint): HTMLAnchorElement {
  return h("a", { href: href({ page: "block", id: height.toString() }), "data-link": "block" }, height.toString());
}

export function txLink(hash: Uint8Array, shorten = true): HTMLAnchorElement {
  const text = hex(hash);
  return h("a", { href: href({ page: "tx", id: text }), class: "mono", "data-link": "tx", title: text }, shorten ? short(text) : text);
}

export function addressLink(address: Uint8Array, shorten = false): HTMLAnchorElement {
  const text = hex(address);
  return h("a", { href: href({ page: "address", id: text }), class: "mono", "data-link": "address", title: text }, shorten ? short(text) : text);
}

export function mono(text: string): HTMLElement {
  return h("span", { class: "mono wrap" }, text);
}
