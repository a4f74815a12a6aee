// LOCAL MINIMAL VERSION of CPython's float repr (shortest round-trip digits, CPython's switch to
// exponent notation outside 1e-4 <= |x| < 1e16). To be replaced by numeric/floatRepr once it lands.

export function floatReprLocal(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const e = x.toExponential(); // shortest digits that round-trip, e.g. "-1.2345e+3"
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(e);
  if (m === null) return String(x);
  const sign = m[1] as string;
  const digits = (m[2] as string) + (m[3] ?? "");
  const exp = Number(m[4]);
  if (exp >= -4 && exp < 16) {
    // fixed notation
    if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
    const intPart = digits.length > exp + 1 ? digits.slice(0, exp + 1) : digits + "0".repeat(exp + 1 - digits.length);
    const frac = digits.length > exp + 1 ? digits.slice(exp + 1) : "0";
    return `${sign}${intPart}.${frac}`;
  }
  const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const es = exp < 0 ? `-${String(-exp).padStart(2, "0")}` : `+${String(exp).padStart(2, "0")}`;
  return `${sign}${mant}e${es}`;
}
