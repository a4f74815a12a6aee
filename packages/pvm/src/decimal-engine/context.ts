/**
 * The arithmetic context: precision, rounding, exponent limits, flags and traps.
 *
 * A Context is the one mutable object of this engine (Python contexts are mutable too): operations OR
 * their status into `flags` and throw a {@link DecimalSignal} when a trapped bit is raised.
 */
import { ALL_STATUS, DIVISION_BY_ZERO, DecimalError, DecimalSignal, IEEE_INVALID_OPERATION, OVERFLOW, SIGNALS, type SignalName, signalBits } from "./signals.js";

export const ROUNDINGS = ["ROUND_UP", "ROUND_DOWN", "ROUND_CEILING", "ROUND_FLOOR", "ROUND_HALF_UP", "ROUND_HALF_DOWN", "ROUND_HALF_EVEN", "ROUND_05UP"] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/**
 * Caps of this engine. CPython (64-bit) allows prec and Emax up to 999999999999999999; we cap both so
 * that coefficients stay small enough to meter and exponents stay exact in a JS number.
 */
export const MAX_PREC = 10_000;
export const MAX_EMAX = 999_999_999;
export const MIN_EMIN = -999_999_999;
export const MIN_ETINY = MIN_EMIN - (MAX_PREC - 1);
/** Largest |adjusted exponent| accepted from a string or a quantize target (exact in a double). */
export const MAX_INPUT_EXP = 999_999_999_999_999;

export interface ContextOptions {
  prec?: number;
  rounding?: Rounding;
  Emin?: number;
  Emax?: number;
  capitals?: 0 | 1;
  clamp?: 0 | 1;
  /** Signals that raise instead of only setting a flag. Default: InvalidOperation, DivisionByZero, Overflow. */
  traps?: readonly SignalName[];
  flags?: readonly SignalName[];
}

export class Context {
  prec: number;
  rounding: Rounding;
  Emin: number;
  Emax: number;
  capitals: 0 | 1;
  clamp: 0 | 1;
  /** Raised status bits (see signals.ts). */
  flags: number;
  /** Trapped status bits; InvalidOperation traps all of its conditions. */
  traps: number;

  constructor(opts: ContextOptions = {}) {
    this.prec = checkPrec(opts.prec ?? 28);
    this.rounding = checkRounding(opts.rounding ?? "ROUND_HALF_EVEN");
    this.Emin = checkEmin(opts.Emin ?? -999_999);
    this.Emax = checkEmax(opts.Emax ?? 999_999);
    this.capitals = checkBit(opts.capitals ?? 1, "capitals");
    this.clamp = checkBit(opts.clamp ?? 0, "clamp");
    this.traps = opts.traps ? bitsOf(opts.traps, "traps") : IEEE_INVALID_OPERATION | DIVISION_BY_ZERO | OVERFLOW;
    this.flags = opts.flags ? bitsOf(opts.flags, "flags") : 0;
  }

  /** Etiny = Emin - prec + 1: the smallest exponent of a subnormal. */
  etiny(): number {
    return this.Emin - this.prec + 1;
  }

  /** Etop = Emax - prec + 1: the largest exponent when clamp is 1. */
  etop(): number {
    return this.Emax - this.prec + 1;
  }

  /** Records a status word: sets the flags, then throws if any of its bits is trapped. */
  raise(status: number): void {
    if (status === 0) return;
    this.flags |= status;
    const trapped = status & this.traps;
    if (trapped !== 0) throw new DecimalSignal(trapped);
  }

  isTrapped(name: SignalName): boolean {
    return (this.traps & signalBits(name)) !== 0;
  }

  isFlagged(name: SignalName): boolean {
    return (this.flags & signalBits(name)) !== 0;
  }

  setTrap(name: SignalName, on: boolean): void {
    const bits = signalBits(name);
    this.traps = on ? this.traps | bits : this.traps & ~bits;
  }

  setFlag(name: SignalName, on: boolean): void {
    const bits = signalBits(name);
    this.flags = on ? this.flags | bits : this.flags & ~bits;
  }

  clearFlags(): void {
    this.flags = 0;
  }

  /** Python signal names currently flagged, in CPython's order. */
  flagNames(): SignalName[] {
    return SIGNALS.filter(([, b]) => (this.flags & b) !== 0).map(([n]) => n);
  }

  trapNames(): SignalName[] {
    return SIGNALS.filter(([, b]) => (this.traps & b) !== 0).map(([n]) => n);
  }

  copy(): Context {
    const c = new Context({
      prec: this.prec,
      rounding: this.rounding,
      Emin: this.Emin,
      Emax: this.Emax,
      capitals: this.capitals,
      clamp: this.clamp,
    });
    c.flags = this.flags;
    c.traps = this.traps;
    return c;
  }

  /** CPython's `repr(context)`. */
  toString(): string {
    const list = (names: string[]) => `[${names.join(", ")}]`;
    return (
      `Context(prec=${this.prec}, rounding=${this.rounding}, Emin=${this.Emin}, Emax=${this.Emax}, ` +
      `capitals=${this.capitals}, clamp=${this.clamp}, flags=${list(this.flagNames())}, ` +
      `traps=${list(this.trapNames())})`
    );
  }
}

/** A fresh context with CPython's defaults (prec 28, ROUND_HALF_EVEN, Emax 999999, ...). */
export function createContext(opts: ContextOptions = {}): Context {
  return new Context(opts);
}

function isInt(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v);
}

/** Range checks with CPython's messages (which name the constants; ours are MAX_PREC etc. above). */
export function checkPrec(v: number): number {
  if (!isInt(v) || v < 1 || v > MAX_PREC) {
    throw new DecimalError("VALUE_ERROR", "valid range for prec is [1, MAX_PREC]");
  }
  return v;
}

export function checkEmin(v: number): number {
  if (!isInt(v) || v < MIN_EMIN || v > 0) {
    throw new DecimalError("VALUE_ERROR", "valid range for Emin is [MIN_EMIN, 0]");
  }
  return v;
}

export function checkEmax(v: number): number {
  if (!isInt(v) || v < 0 || v > MAX_EMAX) {
    throw new DecimalError("VALUE_ERROR", "valid range for Emax is [0, MAX_EMAX]");
  }
  return v;
}

export function checkRounding(v: string): Rounding {
  if (!(ROUNDINGS as readonly string[]).includes(v)) {
    throw new DecimalError(
      "TYPE_ERROR",
      "valid values for rounding are:\n  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n   ROUND_05UP]",
    );
  }
  return v as Rounding;
}

function checkBit(v: number, name: "capitals" | "clamp"): 0 | 1 {
  if (v !== 0 && v !== 1) throw new DecimalError("VALUE_ERROR", `valid values for ${name} are 0 or 1`);
  return v;
}

function bitsOf(names: readonly SignalName[], arg: string): number {
  if (!Array.isArray(names)) throw new DecimalError("INVALID_ARGUMENT", `${arg}: expected an array of signal names`);
  let bits = 0;
  for (const n of names) bits |= signalBits(n);
  return bits & ALL_STATUS;
}
