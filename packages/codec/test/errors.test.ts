import { describe, expect, it } from "vitest";
import { CodecError, COWBOY_ERROR_BRAND, CowboyError, isCodecError, isCowboyError } from "../src/index.js";

describe("CowboyError, the one error base", () => {
  it("carries a code, structured meta and the message", () => {
    const error = new CowboyError("SOMETHING_FAILED", "it failed", { height: 3n }, { cause: "x" });
    expect(error.code).toBe("SOMETHING_FAILED");
    expect(error.meta).toEqual({ height: 3n });
    expect(error.message).toBe("it failed");
    expect(error.cause).toBe("x");
    expect(isCowboyError(error, "SOMETHING_FAILED")).toBe(true);
    expect(isCowboyError(error, "OTHER")).toBe(false);
  });

  it("is the base of CodecError, whose offset is also in meta", () => {
    const error = new CodecError("TRAILING_BYTES", 7);
    expect(error).toBeInstanceOf(CowboyError);
    expect(error.meta).toEqual({ offset: 7 });
    expect(error.message).toBe("trailing bytes at byte 7");
    expect(isCodecError(error, "TRAILING_BYTES")).toBe(true);
  });

  it("recognises a branded error of a package that cannot import it, and nothing else", () => {
    const foreign = Object.defineProperty(new Error("layer 0"), COWBOY_ERROR_BRAND, { value: true });
    expect(foreign instanceof CowboyError).toBe(true);
    expect(foreign instanceof CodecError).toBe(false);
    expect(new Error("plain") instanceof CowboyError).toBe(false);
    expect(new RangeError("plain") instanceof CowboyError).toBe(false);
    expect((null as unknown as object) instanceof CowboyError).toBe(false);
    expect(new CowboyError("A", "b") instanceof CodecError).toBe(false);
  });
});

import { bytesKey, bytesKeyPortable } from "../src/index.js";

describe("bytesKey", () => {
  it("gives the native and the portable form the same injective string", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(bytesKey(all)).toBe(bytesKeyPortable(all));
    expect(bytesKey(all).length).toBe(256);
    const big = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7) & 255);
    expect(bytesKey(big)).toBe(bytesKeyPortable(big));
    expect(bytesKey(Uint8Array.of(1, 2))).not.toBe(bytesKey(Uint8Array.of(1, 2, 0)));
    expect(bytesKey(new Uint8Array(0))).toBe("");
  });
});
