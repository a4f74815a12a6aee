import type { PyType } from "./object.js";

/** Thrown when no consistent C3 linearization exists; the caller turns it into a TypeError. */
export class MroError extends Error {}

/** C3 linearization, as CPython's `type.mro()`. */
export function computeMro(t: PyType): PyType[] {
  const seqs: PyType[][] = t.bases.map((b) => b.mro.slice());
  seqs.push(t.bases.slice());
  const out: PyType[] = [t];
  for (;;) {
    const nonEmpty = seqs.filter((s) => s.length > 0);
    if (nonEmpty.length === 0) return out;
    let head: PyType | undefined;
    for (const s of nonEmpty) {
      const cand = s[0] as PyType;
      if (!nonEmpty.some((o) => o.indexOf(cand) > 0)) {
        head = cand;
        break;
      }
    }
    if (head === undefined) {
      const names = t.bases.map((x) => x.name).join(", ");
      throw new MroError(`Cannot create a consistent method resolution order (MRO) for bases ${names}`);
    }
    out.push(head);
    for (const s of nonEmpty) if (s[0] === head) s.shift();
  }
}
