import { bytesKey } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import {
  allowanceOf,
  approve,
  balanceOf,
  burn,
  createToken,
  DEFAULT_TOKENS_CONFIG,
  getToken,
  mint,
  TokenError,
  transfer,
  transferFrom,
  validateTokensConfig,
  type TokenState,
  type TransferHook,
} from "../../src/index.js";

class MapState implements TokenState {
  readonly kv = new Map<string, Uint8Array>();
  get(k: Uint8Array) {
    return this.kv.get(bytesKey(k));
  }
  set(k: Uint8Array, v: Uint8Array) {
    this.kv.set(bytesKey(k), v.slice());
  }
  delete(k: Uint8Array) {
    this.kv.delete(bytesKey(k));
  }
}
const A = new Uint8Array(20).fill(0xa1);
const B = new Uint8Array(20).fill(0xb2);
const C = new Uint8Array(20).fill(0xc3);
const HOOK = new Uint8Array(20).fill(0x44);
const code = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof TokenError) return e.code;
    throw e;
  }
  return "ok";
};

describe("platform tokens", () => {
  it("creates with sequential ids, transfers, burns and mints within the cap", () => {
    const s = new MapState();
    const t = createToken(s, A, { name: "Gold", symbol: "GLD", decimals: 6, initialSupply: 1_000n, maxSupply: 1_500n, hook: null }, DEFAULT_TOKENS_CONFIG);
    expect(t.id).toBe(1n);
    expect(createToken(s, B, { name: "Silver", symbol: "SLV", decimals: 0, initialSupply: 0n, maxSupply: null, hook: null }, DEFAULT_TOKENS_CONFIG).id).toBe(2n);
    transfer(s, 1n, A, B, 300n);
    expect([balanceOf(s, 1n, A), balanceOf(s, 1n, B)]).toEqual([700n, 300n]);
    expect(code(() => transfer(s, 1n, B, C, 301n))).toBe("INSUFFICIENT_BALANCE");
    burn(s, 1n, B, 100n);
    expect(getToken(s, 1n)!.supply).toBe(900n);
    expect(code(() => mint(s, 1n, B, B, 1n))).toBe("NOT_MINT_AUTHORITY");
    mint(s, 1n, A, C, 600n);
    expect(code(() => mint(s, 1n, A, C, 1n))).toBe("SUPPLY_CAP");
    expect(getToken(s, 1n)!.supply).toBe(1_500n);
    expect(code(() => transfer(s, 9n, A, B, 1n))).toBe("NO_SUCH_TOKEN");
    expect(code(() => createToken(s, A, { name: "", symbol: "X", decimals: 0, initialSupply: 0n, maxSupply: null, hook: null }, DEFAULT_TOKENS_CONFIG))).toBe("INVALID_ARGUMENT");
    expect(code(() => createToken(s, A, { name: "X", symbol: "X", decimals: 19, initialSupply: 0n, maxSupply: null, hook: null }, DEFAULT_TOKENS_CONFIG))).toBe("INVALID_ARGUMENT");
  });

  it("allowances: approve replaces, transfer_from spends, and refuses beyond it", () => {
    const s = new MapState();
    createToken(s, A, { name: "Gold", symbol: "GLD", decimals: 6, initialSupply: 1_000n, maxSupply: null, hook: null }, DEFAULT_TOKENS_CONFIG);
    approve(s, 1n, A, B, 500n);
    approve(s, 1n, A, B, 400n);
    expect(allowanceOf(s, 1n, A, B)).toBe(400n);
    transferFrom(s, 1n, B, A, C, 150n);
    expect([allowanceOf(s, 1n, A, B), balanceOf(s, 1n, A), balanceOf(s, 1n, C)]).toEqual([250n, 850n, 150n]);
    expect(code(() => transferFrom(s, 1n, B, A, C, 251n))).toBe("INSUFFICIENT_ALLOWANCE");
    expect(code(() => transferFrom(s, 1n, C, A, C, 1n))).toBe("INSUFFICIENT_ALLOWANCE");
    approve(s, 1n, A, B, 0n);
    expect(allowanceOf(s, 1n, A, B)).toBe(0n);
  });

  it("a hooked token asks its hook before every transfer; a refusal changes nothing", () => {
    const s = new MapState();
    createToken(s, A, { name: "Gated", symbol: "GTD", decimals: 0, initialSupply: 100n, maxSupply: null, hook: HOOK }, DEFAULT_TOKENS_CONFIG);
    const seen: bigint[] = [];
    const allowSmall: TransferHook = (hook, t, _from, _to, amount) => {
      expect(hook).toEqual(HOOK);
      expect(t.id).toBe(1n);
      seen.push(amount);
      if (amount > 10n) throw new TokenError("HOOK_REJECTED", "too much");
    };
    transfer(s, 1n, A, B, 10n, allowSmall);
    expect(code(() => transfer(s, 1n, A, B, 11n, allowSmall))).toBe("HOOK_REJECTED");
    expect(code(() => transfer(s, 1n, A, B, 1n))).toBe("HOOK_REJECTED");
    expect(seen).toEqual([10n, 11n]);
    expect(balanceOf(s, 1n, B)).toBe(10n);
  });

  it("config: the hook cap may not exceed §17.3's 50,000 Cycles", () => {
    expect(() => validateTokensConfig({ ...DEFAULT_TOKENS_CONFIG, hookCycleCap: 50_001n })).toThrow(TokenError);
    expect(validateTokensConfig(DEFAULT_TOKENS_CONFIG).hookCycleCap).toBe(50_000n);
  });
});
