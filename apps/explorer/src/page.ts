// What every page gets: the client, its own container (detached as soon as another route is shown, so a late answer
// cannot draw over the next page) and a place to register what must stop when it is left (subscriptions, timers).
import type { CowboyClient } from "@cowboy/client";
import { h } from "./dom.js";

export interface PageContext {
  readonly client: CowboyClient;
  readonly root: HTMLElement;
  /** Runs `stop` when the page is left. */
  onLeave(stop: () => void): void;
  /** Whether this page is still the one shown. */
  active(): boolean;
}

/** A failure shown in place of (part of) a page. */
export function errorBox(error: unknown): HTMLElement {
  const message = error instanceof Error ? error.message : String(error);
  return h("p", { class: "error", "data-testid": "error" }, message);
}
