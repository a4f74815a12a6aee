// Runner entitlements (spec §15; cips/runner-market.md "Entitlements", cips/runner-process.md "Entitlement gate"): the syscall classes a runner provides.
// Every executor asks the gate before it touches the outside world; a class the runner was not started with is refused.
import { RunnerError } from "./errors.js";

/** The names @cowboy/runner-market gives them (KIND_ENTITLEMENT, SECRET_ENTITLEMENT, VOLUME_ENTITLEMENT). */
export const ENTITLEMENTS = ["compute", "fs.mount", "llm", "mcp", "net.http", "oci.run", "secret.read", "tee"] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

export function isEntitlement(value: string): value is Entitlement {
  return (ENTITLEMENTS as readonly string[]).includes(value);
}

/** Parses `net.http,llm,...` (the `--provides` flag); unknown names are refused, naming them. */
export function parseProvides(text: string): Entitlement[] {
  const names = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const unknown = names.filter((n) => !isEntitlement(n));
  if (unknown.length > 0) throw new RunnerError("INVALID_SPEC", `unknown entitlement(s) ${unknown.join(", ")}; known: ${ENTITLEMENTS.join(", ")}`, { unknown });
  return [...new Set(names as Entitlement[])].sort();
}

/** The entitlements this runner process was started providing; immutable for its lifetime. */
export class EntitlementGate {
  readonly provided: ReadonlySet<Entitlement>;

  constructor(provided: Iterable<Entitlement>) {
    this.provided = new Set(provided);
  }

  has(entitlement: Entitlement): boolean {
    return this.provided.has(entitlement);
  }

  /** Throws ENTITLEMENT_MISSING unless the runner provides `entitlement`; `what` names the refused action. */
  require(entitlement: Entitlement, what: string): void {
    if (!this.provided.has(entitlement))
      throw new RunnerError("ENTITLEMENT_MISSING", `${what} needs the '${entitlement}' entitlement, which this runner does not provide`, { entitlement });
  }

  /** A job matches this runner only if requires ⊆ provides (spec §15.3 rule 2). */
  covers(requires: readonly string[]): boolean {
    return requires.every((r) => isEntitlement(r) && this.provided.has(r));
  }
}
