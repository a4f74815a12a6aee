/**
 * The one error base of every Cowboy package. A `code` names the failure (a documented, stable
 * string: `cips/errors.md` lists every code with one line), `meta` carries its data as fields, and
 * the message is for people. Protocol outcomes are decided on `code`, never on the message and
 * never by catching a built-in error class.
 */
export class CowboyError<Code extends string | number = string, Meta extends object = Readonly<Record<string, unknown>>> extends Error {
  override readonly name: string = "CowboyError";
  readonly code: Code;
  readonly meta: Meta;

  constructor(code: Code, message: string, meta?: Meta, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.meta = meta ?? ({} as Meta);
    Object.defineProperty(this, COWBOY_ERROR_BRAND, { value: true });
  }

  /**
   * `x instanceof CowboyError` holds for every branded error: the subclasses here, and the errors
   * of a package that cannot import this one (crypto shares layer 0 with codec, so its CryptoError
   * carries the brand instead of extending the class). Subclasses keep ordinary instanceof.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of instanceof (a subclass or CowboyError itself)
    if (this !== CowboyError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[COWBOY_ERROR_BRAND] === true;
  }
}

/**
 * The brand every Cowboy error carries (a registered symbol, so it is the same in every copy of
 * the code). Errors of layer-0 packages that cannot import this module set it themselves.
 */
export const COWBOY_ERROR_BRAND: unique symbol = Symbol.for("@cowboy/error") as never;

/** True when `err` is a Cowboy error (optionally with the given code). */
export function isCowboyError(err: unknown, code?: string | number): err is CowboyError {
  return err instanceof CowboyError && (code === undefined || err.code === code);
}

/** Every way a codec operation can fail. Decoders report the first problem they meet. */
export type CodecErrorCode =
  | "NON_CANONICAL_VARINT"
  | "VARINT_OVERFLOW"
  | "INVALID_BOOL"
  | "INVALID_OPTION_TAG"
  | "UNKNOWN_DISCRIMINANT"
  | "LENGTH_OUT_OF_RANGE"
  | "UNSORTED_MAP"
  | "DUPLICATE_MAP_KEY"
  | "END_OF_BUFFER"
  | "TRAILING_BYTES"
  | "VALUE_OUT_OF_RANGE"
  | "INVALID_UTF8"
  | "INVALID_HEX"
  | "INVALID_VALUE"
  | "RESERVED_FIELD";

const DESCRIPTIONS: Record<CodecErrorCode, string> = {
  NON_CANONICAL_VARINT: "non-canonical varint",
  VARINT_OVERFLOW: "varint overflow",
  INVALID_BOOL: "invalid bool",
  INVALID_OPTION_TAG: "invalid option tag",
  UNKNOWN_DISCRIMINANT: "unknown discriminant",
  LENGTH_OUT_OF_RANGE: "length out of range",
  UNSORTED_MAP: "unsorted map keys",
  DUPLICATE_MAP_KEY: "duplicate map key",
  END_OF_BUFFER: "unexpected end of buffer",
  TRAILING_BYTES: "trailing bytes",
  VALUE_OUT_OF_RANGE: "value out of range",
  INVALID_UTF8: "invalid utf-8",
  INVALID_HEX: "invalid hex",
  INVALID_VALUE: "invalid value",
  RESERVED_FIELD: "reserved field present",
};

/**
 * The error of the codec package. `offset` is the byte offset (in the input being decoded, or in
 * the output being written) where the offending item starts, so a message such as
 * `non-canonical varint at byte 3` points at the culprit.
 */
export class CodecError extends CowboyError<CodecErrorCode, { readonly offset: number }> {
  override readonly name = "CodecError";
  readonly offset: number;

  constructor(code: CodecErrorCode, offset: number, detail?: string) {
    const base = `${DESCRIPTIONS[code]} at byte ${offset}`;
    super(code, detail === undefined ? base : `${base}: ${detail}`, { offset });
    this.offset = offset;
  }
}

/** True when `err` is a CodecError (optionally with the given code). */
export function isCodecError(err: unknown, code?: CodecErrorCode): err is CodecError {
  return err instanceof CodecError && (code === undefined || err.code === code);
}
