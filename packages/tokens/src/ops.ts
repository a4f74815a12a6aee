// The token operations (spec §17.3; cips/tokens.md "Operations"): ERC-20-shaped fungible tokens
// kept by the Token Registry. Every refusal is a TokenError and changes nothing (checks come first).
import { U64_MAX } from "@cowboy/codec";
import type { TokensConfig } from "./config.js";
import { TokenError } from "./errors.js";
import { allowanceKey, balanceKey, counterKey, readU64, tokenKey, u64be } from "./keys.js";
import { decodeTokenRecord, encodeTokenRecord, type TokenRecord } from "./record.js";

/** What tokens need of a state: keyed bytes (a @cowboy/state Fork satisfies it). */
export interface TokenState {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
}

/**
 * Runs the token's validation hook for a transfer (execution calls the hook actor with the Cycle cap);
 * throws TokenError HOOK_REJECTED to refuse it.
 */
export type TransferHook = (hook: Uint8Array, token: TokenRecord, from: Uint8Array, to: Uint8Array, amount: bigint) => void;

export interface CreateTokenRequest {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** Minted to the creator. */
  readonly initialSupply: bigint;
  readonly maxSupply: bigint | null;
  readonly hook: Uint8Array | null;
}

const te = new TextEncoder();

function amountArg(amount: bigint, what = "amount"): bigint {
  if (typeof amount !== "bigint" || amount < 0n || amount > U64_MAX) throw new TokenError("INVALID_ARGUMENT", `${what}: expected a u64, got ${String(amount)}`);
  return amount;
}

function addressArg(a: Uint8Array, what: string): Uint8Array {
  if (!(a instanceof Uint8Array) || a.length !== 20) throw new TokenError("INVALID_ARGUMENT", `${what}: expected a 20-byte address`);
  return a;
}

export function getToken(state: TokenState, id: bigint): TokenRecord | undefined {
  const raw = state.get(tokenKey(id));
  return raw === undefined ? undefined : decodeTokenRecord(raw);
}

function token(state: TokenState, id: bigint): TokenRecord {
  const t = typeof id === "bigint" && id > 0n && id <= U64_MAX ? getToken(state, id) : undefined;
  if (t === undefined) throw new TokenError("NO_SUCH_TOKEN", `no token has id ${String(id)}`);
  return t;
}

export function balanceOf(state: TokenState, id: bigint, holder: Uint8Array): bigint {
  return readU64(state.get(balanceKey(id, addressArg(holder, "holder"))));
}

export function allowanceOf(state: TokenState, id: bigint, owner: Uint8Array, spender: Uint8Array): bigint {
  return readU64(state.get(allowanceKey(id, addressArg(owner, "owner"), addressArg(spender, "spender"))));
}

function putU64(state: TokenState, key: Uint8Array, n: bigint): void {
  if (n === 0n) state.delete(key);
  else state.set(key, u64be(n));
}

/** Creates a token with the next id, its initial supply held by `creator`. */
export function createToken(state: TokenState, creator: Uint8Array, req: CreateTokenRequest, config: TokensConfig): TokenRecord {
  addressArg(creator, "creator");
  const nameBytes = te.encode(req.name).length;
  const symbolBytes = te.encode(req.symbol).length;
  if (nameBytes < 1 || nameBytes > config.maxNameBytes) throw new TokenError("INVALID_ARGUMENT", `name: 1 to ${config.maxNameBytes} UTF-8 bytes`);
  if (symbolBytes < 1 || symbolBytes > config.maxSymbolBytes) throw new TokenError("INVALID_ARGUMENT", `symbol: 1 to ${config.maxSymbolBytes} UTF-8 bytes`);
  if (!Number.isInteger(req.decimals) || req.decimals < 0 || req.decimals > config.maxDecimals)
    throw new TokenError("INVALID_ARGUMENT", `decimals: an integer in [0, ${config.maxDecimals}]`);
  amountArg(req.initialSupply, "initial_supply");
  if (req.maxSupply !== null && amountArg(req.maxSupply, "max_supply") < req.initialSupply) throw new TokenError("SUPPLY_CAP", "initial_supply exceeds max_supply");
  if (req.hook !== null) addressArg(req.hook, "hook");
  const id = readU64(state.get(counterKey())) + 1n;
  const record: TokenRecord = {
    id,
    creator: creator.slice(),
    name: req.name,
    symbol: req.symbol,
    decimals: req.decimals,
    supply: req.initialSupply,
    maxSupply: req.maxSupply,
    hook: req.hook,
  };
  state.set(counterKey(), u64be(id));
  state.set(tokenKey(id), encodeTokenRecord(record));
  putU64(state, balanceKey(id, creator), req.initialSupply);
  return record;
}

function move(state: TokenState, t: TokenRecord, from: Uint8Array, to: Uint8Array, amount: bigint, hook: TransferHook | undefined): void {
  addressArg(to, "to");
  const have = balanceOf(state, t.id, from);
  if (have < amount) throw new TokenError("INSUFFICIENT_BALANCE", `balance ${have} of token ${t.id} does not cover ${amount}`);
  if (t.hook !== null) {
    if (hook === undefined) throw new TokenError("HOOK_REJECTED", "this token has a validation hook and no hook runner was given");
    hook(t.hook, t, from, to, amount);
  }
  // Re-read after the hook: it may not touch the registry, but a balance read after it is the one that counts.
  const fromBalance = balanceOf(state, t.id, from);
  if (fromBalance < amount) throw new TokenError("INSUFFICIENT_BALANCE", `balance ${fromBalance} of token ${t.id} does not cover ${amount}`);
  putU64(state, balanceKey(t.id, from), fromBalance - amount);
  putU64(state, balanceKey(t.id, to), balanceOf(state, t.id, to) + amount);
}

export function transfer(state: TokenState, id: bigint, from: Uint8Array, to: Uint8Array, amount: bigint, hook?: TransferHook): void {
  const t = token(state, id);
  move(state, t, addressArg(from, "from"), to, amountArg(amount), hook);
}

/** Sets (replaces) `spender`'s allowance over `owner`'s tokens. */
export function approve(state: TokenState, id: bigint, owner: Uint8Array, spender: Uint8Array, amount: bigint): void {
  token(state, id);
  putU64(state, allowanceKey(id, addressArg(owner, "owner"), addressArg(spender, "spender")), amountArg(amount));
}

/** `spender` moves `owner`'s tokens within its allowance, which shrinks by the amount. */
export function transferFrom(state: TokenState, id: bigint, spender: Uint8Array, owner: Uint8Array, to: Uint8Array, amount: bigint, hook?: TransferHook): void {
  const t = token(state, id);
  amountArg(amount);
  const allowed = allowanceOf(state, id, owner, spender);
  if (allowed < amount) throw new TokenError("INSUFFICIENT_ALLOWANCE", `allowance ${allowed} of token ${id} does not cover ${amount}`);
  move(state, t, owner, to, amount, hook);
  putU64(state, allowanceKey(id, owner, spender), allowed - amount);
}

/** The creator mints `amount` to `to`, within the maximum supply. */
export function mint(state: TokenState, id: bigint, caller: Uint8Array, to: Uint8Array, amount: bigint): void {
  const t = token(state, id);
  amountArg(amount);
  addressArg(to, "to");
  if (!equal(addressArg(caller, "caller"), t.creator)) throw new TokenError("NOT_MINT_AUTHORITY", `only the creator of token ${id} may mint it`);
  const supply = t.supply + amount;
  if (supply > U64_MAX || (t.maxSupply !== null && supply > t.maxSupply)) throw new TokenError("SUPPLY_CAP", `minting ${amount} would bring token ${id}'s supply past its cap`);
  state.set(tokenKey(id), encodeTokenRecord({ ...t, supply }));
  putU64(state, balanceKey(id, to), balanceOf(state, id, to) + amount);
}

/** A holder destroys `amount` of its own tokens. */
export function burn(state: TokenState, id: bigint, holder: Uint8Array, amount: bigint): void {
  const t = token(state, id);
  amountArg(amount);
  const have = balanceOf(state, id, holder);
  if (have < amount) throw new TokenError("INSUFFICIENT_BALANCE", `balance ${have} of token ${id} does not cover ${amount}`);
  putU64(state, balanceKey(id, holder), have - amount);
  state.set(tokenKey(id), encodeTokenRecord({ ...t, supply: t.supply - amount }));
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
