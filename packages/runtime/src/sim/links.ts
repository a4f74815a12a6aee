// Simulated links (issue 17, "simulated links with latency, jitter, loss, partitions and link cuts"):
// one default LinkConfig for every pair, per-pair overrides, a partition into groups, and cut pairs.
// Links are symmetric: a setting or a cut between a and b holds in both directions.
import { ArgumentError } from "@cowboy/codec";

/** How a link treats each message: delay uniform in [latencyMs, latencyMs + jitterMs], lost with probability `loss`. */
export interface LinkConfig {
  /** The least one-way delay, in virtual milliseconds (finite, ≥ 0). */
  readonly latencyMs: number;
  /** The spread added to the latency: a uniform integer in [0, jitterMs] per message (integer ≥ 0). */
  readonly jitterMs: number;
  /** The probability a message is lost, in [0, 1]. */
  readonly loss: number;
}

/** The default link of a Simulation: 10 ms, up to 5 ms of jitter, no loss. */
export const DEFAULT_LINK: LinkConfig = { latencyMs: 10, jitterMs: 5, loss: 0 };

/** Why a link refuses a message right now, or undefined when it carries it. */
export type LinkBlock = "partition" | "cut" | undefined;

/** Returns a full LinkConfig from `base` and the checked fields of `config`. */
export function alinkConfig(config: Partial<LinkConfig> | undefined, base: LinkConfig, name: string): LinkConfig {
  const out = { ...base, ...(config ?? {}) };
  if (typeof out.latencyMs !== "number" || !Number.isFinite(out.latencyMs) || out.latencyMs < 0) {
    throw new ArgumentError(`${name}.latencyMs`, `must be a finite number ≥ 0, got ${String(out.latencyMs)}`);
  }
  if (!Number.isSafeInteger(out.jitterMs) || out.jitterMs < 0 || out.jitterMs > 0xffff_fffe) {
    throw new ArgumentError(`${name}.jitterMs`, `must be an integer ≥ 0, got ${String(out.jitterMs)}`);
  }
  if (typeof out.loss !== "number" || !(out.loss >= 0 && out.loss <= 1)) {
    throw new ArgumentError(`${name}.loss`, `must be a number in [0, 1], got ${String(out.loss)}`);
  }
  return { latencyMs: out.latencyMs, jitterMs: out.jitterMs, loss: out.loss };
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** The state of every link, by participant label. */
export class LinkTable {
  private readonly overrides = new Map<string, LinkConfig>();
  private readonly cuts = new Set<string>();
  /** label → group index while partitioned; labels absent from the map are cut off from everyone. */
  private groups: Map<string, number> | undefined;

  constructor(private readonly defaults: LinkConfig) {}

  config(a: string, b: string): LinkConfig {
    return this.overrides.get(pairKey(a, b)) ?? this.defaults;
  }

  set(a: string, b: string, config: LinkConfig): void {
    this.overrides.set(pairKey(a, b), config);
  }

  cut(a: string, b: string): void {
    this.cuts.add(pairKey(a, b));
  }

  restore(a: string, b: string): void {
    this.cuts.delete(pairKey(a, b));
  }

  partition(groups: readonly (readonly string[])[]): void {
    const map = new Map<string, number>();
    groups.forEach((group, i) => {
      for (const label of group) map.set(label, i);
    });
    this.groups = map;
  }

  heal(): void {
    this.groups = undefined;
  }

  /** Whether a message from a to b is refused now, and why (a cut is reported before a partition). */
  blocked(a: string, b: string): LinkBlock {
    if (this.cuts.has(pairKey(a, b))) return "cut";
    if (this.groups !== undefined) {
      const ga = this.groups.get(a);
      if (ga === undefined || ga !== this.groups.get(b)) return "partition";
    }
    return undefined;
  }
}
