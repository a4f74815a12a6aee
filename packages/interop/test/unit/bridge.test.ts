import { keccak256 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import {
  assetOfSubscription,
  assetOfToken,
  BRIDGE_MINT_HANDLER,
  declareManifest,
  decodeLock,
  decodeUnlock,
  DEFAULT_INTEROP_CONFIG,
  encodeUnlock,
  EVENT_LISTENER_ADDRESS,
  type EthLog,
  getManifest,
  getSubscription,
  getUnlock,
  InteropError,
  LOCKED_TOPIC,
  manifestEntitlements,
  MemoryInteropStore,
  permitsAsset,
  permitsContract,
  recordMint,
  registerAsset,
  registerOracle,
  reportEvent,
  requestUnlock,
  unlockCount,
  wrappedAssets,
} from "../../src/index.js";

const cfg = DEFAULT_INTEROP_CONFIG;
const addr = (n: number) => new Uint8Array(20).fill(n);
const BRIDGE = addr(0xbb);
const USDC = addr(0x55);
const RECIPIENT = addr(0x77);
const pad = (a: Uint8Array) => Uint8Array.of(...new Uint8Array(12), ...a);
const u256 = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * (31 - i))) & 0xffn));

function lockLog(amount: bigint, block = 50n, index = 0n, token = USDC, recipient = pad(RECIPIENT)): EthLog {
  return {
    contract: BRIDGE,
    topics: [LOCKED_TOPIC, pad(token), recipient],
    data: u256(amount),
    blockNumber: block,
    blockHash: new Uint8Array(32).fill(0xb0),
    transactionHash: new Uint8Array(32).fill(0x7a),
    logIndex: index,
  };
}
function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InteropError);
    return (e as InteropError).code;
  }
  throw new Error("expected an InteropError");
}

function setup() {
  const store = new MemoryInteropStore();
  for (const o of [addr(1), addr(2), addr(3)]) registerOracle(store, o, cfg.minOracleStake, 1n, cfg);
  const asset = registerAsset(store, { bridge: BRIDGE, ethToken: USDC, token: 7n, decimals: 6n, ethDecimals: 18n, fromBlock: 10n, confirmations: 5n }, cfg);
  return { store, asset };
}

describe("wrapped assets (§16.2)", () => {
  it("the Locked topic is keccak256 of the event signature", () => {
    expect(LOCKED_TOPIC).toEqual(keccak256(new TextEncoder().encode("Locked(address,address,uint256)")));
  });

  it("registering opens a 0x14-owned subscription to the bridge's Locked logs of that token, once per pair", () => {
    const { store, asset } = setup();
    expect(asset.scale).toBe(10n ** 12n);
    const sub = getSubscription(store, asset.subscription);
    expect(sub).toMatchObject({ owner: EVENT_LISTENER_ADDRESS, contract: BRIDGE, handler: BRIDGE_MINT_HANDLER, feePerEvent: 0n, confirmations: 5n, fromBlock: 10n });
    expect(sub.topics).toEqual([LOCKED_TOPIC, pad(USDC)]);
    expect(assetOfToken(store, 7n)).toEqual(asset);
    expect(assetOfSubscription(store, asset.subscription)).toEqual(asset);
    expect(assetOfToken(store, 8n)).toBeUndefined();
    const req = { bridge: BRIDGE, ethToken: USDC, token: 8n, decimals: 6n, ethDecimals: 18n, fromBlock: 0n, confirmations: 5n };
    expect(code(() => registerAsset(store, req, cfg))).toBe("ASSET_EXISTS");
    expect(code(() => registerAsset(store, { ...req, ethToken: addr(1), decimals: 19n }, cfg))).toBe("INVALID_ARGUMENT");
    expect(code(() => registerAsset(store, { ...req, ethToken: addr(1), ethDecimals: 37n }, cfg))).toBe("INVALID_ARGUMENT");
    registerAsset(store, { ...req, ethToken: new Uint8Array(20) }, cfg);
    expect(wrappedAssets(store).map((a) => a.token)).toEqual([7n, 8n]);
  });

  it("a quorum's Locked log mints once: recipient from topic 2, amount scaled", () => {
    const { store, asset } = setup();
    const log = lockLog(2_500_000n * 10n ** 12n);
    expect(reportEvent(store, addr(1), asset.subscription, log, cfg).delivered).toBeNull();
    const d = reportEvent(store, addr(2), asset.subscription, log, cfg).delivered!;
    expect(d.to).toEqual(EVENT_LISTENER_ADDRESS);
    expect(decodeLock(asset, d.log)).toEqual({ recipient: RECIPIENT, amount: 2_500_000n });
    expect(recordMint(store, asset, 2_500_000n).minted).toBe(2_500_000n);
    expect(assetOfToken(store, 7n)?.minted).toBe(2_500_000n);
    expect(code(() => reportEvent(store, addr(3), asset.subscription, log, cfg))).toBe("ALREADY_DELIVERED");
    // another token's lock at the same bridge is not this asset's
    expect(code(() => reportEvent(store, addr(1), asset.subscription, lockLog(1n, 60n, 0n, addr(0x66)), cfg))).toBe("NOT_MATCHING");
  });

  it("refuses to mint from a malformed Locked log", () => {
    const { asset } = setup();
    const unit = 10n ** 12n;
    expect(code(() => decodeLock(asset, lockLog(unit + 1n)))).toBe("INVALID_ARGUMENT");
    expect(code(() => decodeLock(asset, lockLog(0n)))).toBe("INVALID_ARGUMENT");
    expect(code(() => decodeLock(asset, lockLog((1n << 64n) * unit)))).toBe("INVALID_ARGUMENT");
    expect(code(() => decodeLock(asset, lockLog(unit, 50n, 0n, USDC, new Uint8Array(32).fill(1))))).toBe("INVALID_ARGUMENT");
    expect(code(() => decodeLock(asset, { ...lockLog(unit), data: new Uint8Array(64) }))).toBe("INVALID_ARGUMENT");
    expect(code(() => decodeLock(asset, { ...lockLog(unit), topics: [LOCKED_TOPIC, pad(USDC)] }))).toBe("INVALID_ARGUMENT");
  });

  it("a burn records a numbered unlock request in Ethereum units", () => {
    const { store, asset } = setup();
    const eth = addr(0xe1);
    const u = requestUnlock(store, asset, RECIPIENT, eth, 1_000n, 99n);
    expect(u).toMatchObject({
      sequence: 0n,
      token: 7n,
      bridge: BRIDGE,
      ethToken: USDC,
      holder: RECIPIENT,
      ethRecipient: eth,
      amount: 1_000n,
      ethAmount: 1_000n * 10n ** 12n,
      height: 99n,
    });
    expect(decodeUnlock(encodeUnlock(u))).toEqual(u);
    expect(requestUnlock(store, assetOfToken(store, 7n)!, RECIPIENT, eth, 5n, 100n).sequence).toBe(1n);
    expect(unlockCount(store)).toBe(2n);
    expect(getUnlock(store, 1n)?.amount).toBe(5n);
    expect(getUnlock(store, 2n)).toBeUndefined();
    expect(assetOfToken(store, 7n)?.burned).toBe(1_005n);
    expect(code(() => requestUnlock(store, asset, RECIPIENT, eth, 0n, 1n))).toBe("INVALID_ARGUMENT");
  });
});

describe("the interop manifest (§16.4)", () => {
  it("is declared once, sorted and deduplicated, and scopes the bridge entitlements", () => {
    const store = new MemoryInteropStore();
    const actor = addr(0xac);
    const m = declareManifest(store, actor, { contracts: [addr(9), addr(2), addr(9)], assets: [5n, 3n, 5n] }, cfg);
    expect(m).toEqual({ contracts: [addr(2), addr(9)], assets: [3n, 5n] });
    expect(getManifest(store, actor)).toEqual(m);
    expect(manifestEntitlements(m)).toEqual(["bridge.asset", "bridge.subscribe_event"]);
    expect(manifestEntitlements({ contracts: [addr(2)], assets: [] })).toEqual(["bridge.subscribe_event"]);
    expect([permitsContract(m, addr(9)), permitsContract(m, addr(3)), permitsAsset(m, 3n), permitsAsset(m, 4n)]).toEqual([true, false, true, false]);
    expect([permitsContract(undefined, addr(9)), permitsAsset(undefined, 3n)]).toEqual([false, false]);
    expect(code(() => declareManifest(store, actor, { contracts: [], assets: [] }, cfg))).toBe("MANIFEST_DECLARED");
    const other = addr(0xad);
    expect(code(() => declareManifest(store, other, { contracts: Array.from({ length: 33 }, (_, i) => addr(i)), assets: [] }, cfg))).toBe("INVALID_ARGUMENT");
    expect(code(() => declareManifest(store, other, { contracts: [new Uint8Array(19)], assets: [] }, cfg))).toBe("INVALID_ARGUMENT");
    expect(code(() => declareManifest(store, other, { contracts: [], assets: [0n] }, cfg))).toBe("INVALID_ARGUMENT");
    expect(getManifest(store, other)).toBeUndefined();
  });
});
