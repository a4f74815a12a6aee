// A released secret on the runner (cips/cbss.md §8 "Runner side"): the bytes sit in a private field, so
// JSON.stringify, String(), template literals, console.log and util.inspect all print "[secret]"; `use`
// lends them to a function and zeroes them afterwards, so the plaintext lives only for that call.
const INSPECT = Symbol.for("nodejs.util.inspect.custom");

export class SecretValue {
  #bytes: Uint8Array | undefined;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  /** Hands the bytes to `fn`, then zeroes them: a SecretValue is used once. */
  async use<T>(fn: (bytes: Uint8Array) => T | Promise<T>): Promise<T> {
    const b = this.#bytes;
    if (b === undefined) throw new Error("this SecretValue was already used");
    this.#bytes = undefined;
    try {
      return await fn(b);
    } finally {
      b.fill(0);
    }
  }

  /** Whether `use` already consumed it. */
  get consumed(): boolean {
    return this.#bytes === undefined;
  }

  toJSON(): string {
    return "[secret]";
  }

  toString(): string {
    return "[secret]";
  }

  [INSPECT](): string {
    return "[secret]";
  }

  [Symbol.toPrimitive](): string {
    return "[secret]";
  }
}
