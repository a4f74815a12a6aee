// The interop deployment manifest (spec §16.4; cips/interop.md "The manifest"): an actor's constructor declares the
// Ethereum contracts it may subscribe to and the wrapped assets it may bridge, once; 0x14 refuses anything else.
import { decodeCbor } from "@cowboy/codec";
import { getManifest, getUnlock, LOCKED_TOPIC } from "@cowboy/interop";
import { balanceOf } from "@cowboy/tokens";
import { actorAddress, canonicalizeSource, codeHash, ReceiptStatus, type Instruction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { listenerStore } from "../../src/interop/listener.js";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf } from "../utils/helpers.js";

const WATCHED = new Uint8Array(20).fill(0xcc);
const OTHER = new Uint8Array(20).fill(0xdd);
const BRIDGE = new Uint8Array(20).fill(0xbb);
const USDC = new Uint8Array(20).fill(0x55);

const SOURCE = `from cowboy_sdk import actor, call

L = b"\\x00" * 19 + b"\\x14"


@actor
class Bridged:
    def __init__(self, contracts, assets):
        if contracts is not None:
            call(L, "declare_manifest", contracts=contracts, assets=assets)

    def declare(self, contracts):
        call(L, "declare_manifest", contracts=contracts, assets=[])

    def sub(self, contract):
        return call(L, "subscribe", contract=contract, topics=[], confirmations=1, handler="on_event")

    def burn(self, token, amount, to):
        return call(L, "bridge_burn", token=token, amount=amount, eth_recipient=to)

    def on_event(self, event):
        pass
`;

function deploy(chain: ActorChain, args: unknown[], salt: number): Uint8Array {
  const [r] = chain.block([chain.deployTx(0, SOURCE, args as never, salt)]);
  expect(r!.status).toBe(ReceiptStatus.Success);
  const s = new Uint8Array(32);
  s[31] = salt;
  const address = actorAddress(addressOf(0), s, codeHash(canonicalizeSource(SOURCE)));
  expect(r!.return_data).toEqual(address);
  return address;
}
const call = (chain: ActorChain, actor: Uint8Array, method: string, args: unknown[]) => chain.block([chain.callTx(0, actor, method, args as never)])[0]!;

describe("the interop deployment manifest (§16.4)", () => {
  it("an actor subscribes only to the contracts its constructor declared; undeclared actors cannot; it is declared once", () => {
    const chain = new ActorChain();
    const declared = deploy(chain, [[WATCHED], []], 1);
    expect(getManifest(listenerStore(chain.store.fork()), declared)).toEqual({ contracts: [WATCHED], assets: [] });
    const ok = call(chain, declared, "sub", [WATCHED]);
    expect([ok.status, text(ok.return_data)]).toEqual([ReceiptStatus.Success, text(ok.return_data)]);
    expect((decodeCbor(ok.return_data) as Uint8Array).length).toBe(32);
    expect(text(call(chain, declared, "sub", [OTHER]).return_data)).toContain("PermissionError");
    expect(text(call(chain, declared, "sub", [OTHER]).return_data)).toContain("manifest does not name");
    // after deployment the manifest is fixed: no second declaration, no late one
    expect(text(call(chain, declared, "declare", [[OTHER]]).return_data)).toContain("constructor (__init__) only");
    const bare = deploy(chain, [null, []], 2);
    expect(text(call(chain, bare, "sub", [WATCHED]).return_data)).toContain("manifest does not name");
    expect(text(call(chain, bare, "declare", [[WATCHED]]).return_data)).toContain("constructor (__init__) only");
    expect(getManifest(listenerStore(chain.store.fork()), bare)).toBeUndefined();
  });

  it("an actor burns to unlock only the wrapped assets it declared", () => {
    const chain = new ActorChain();
    chain.block([0, 1].map((i) => chain.tx(i, { type: "eth_register_oracle", stake: CBY })));
    const reg = (ethToken: Uint8Array) =>
      chain.block([
        chain.tx(3, { type: "eth_register_asset", bridge: BRIDGE, ethToken, name: "W", symbol: "W", decimals: 0n, ethDecimals: 0n, fromBlock: 0n, confirmations: 1n }),
      ])[0]!;
    const first = decodeCbor(reg(USDC).return_data) as Map<string, unknown>;
    const second = decodeCbor(reg(OTHER).return_data) as Map<string, unknown>;
    const [token, sub, token2] = [first.get("token") as bigint, first.get("subscription") as Uint8Array, second.get("token") as bigint];
    const actor = deploy(chain, [[], [token]], 3);
    const pad = (a: Uint8Array) => Uint8Array.of(...new Uint8Array(12), ...a);
    const lock: Instruction = {
      type: "eth_report_event",
      subscriptionId: sub,
      contract: BRIDGE,
      topics: Uint8Array.of(...LOCKED_TOPIC, ...pad(USDC), ...pad(actor)),
      data: Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 40 : 0)),
      blockNumber: 7n,
      blockHash: new Uint8Array(32).fill(7),
      transactionHash: new Uint8Array(32).fill(8),
      logIndex: 0n,
    };
    chain.block([chain.tx(0, lock), chain.tx(1, lock)]);
    expect(balanceOf(chain.store.fork(), token, actor)).toBe(40n);
    const eth = new Uint8Array(20).fill(0xe1);
    const burned = call(chain, actor, "burn", [token, 15n, eth]);
    expect([burned.status, decodeCbor(burned.return_data)]).toEqual([ReceiptStatus.Success, 0n]);
    expect(getUnlock(listenerStore(chain.store.fork()), 0n)).toMatchObject({ holder: actor, ethRecipient: eth, amount: 15n });
    expect(balanceOf(chain.store.fork(), token, actor)).toBe(25n);
    expect(text(call(chain, actor, "burn", [token2, 1n, eth]).return_data)).toContain("does not name the wrapped asset");
    expect(text(call(chain, actor, "burn", [token, 26n, eth]).return_data)).toContain("INSUFFICIENT_BALANCE");
  });
});

describe("wrapped-asset subscriptions", () => {
  it("take no top-up (the deposit could never return)", () => {
    const chain = new ActorChain();
    const [r] = chain.block([
      chain.tx(3, { type: "eth_register_asset", bridge: BRIDGE, ethToken: USDC, name: "W", symbol: "W", decimals: 0n, ethDecimals: 0n, fromBlock: 0n, confirmations: 1n }),
    ]);
    const sub = (decodeCbor(r!.return_data) as Map<string, unknown>).get("subscription") as Uint8Array;
    const TOPPER = `from cowboy_sdk import actor, call

@actor
class Topper:
    def __init__(self):
        pass

    def top(self, sid):
        return call(b"\\x00" * 19 + b"\\x14", "top_up", value=5, subscription_id=sid)
`;
    const [d] = chain.block([chain.deployTx(1, TOPPER, [], 9)]);
    const topper = d!.return_data;
    chain.block([chain.transferTx(1, topper, 100n)]);
    const [t] = chain.block([chain.callTx(1, topper, "top", [sub])]);
    expect(text(t!.return_data)).toContain("takes no deposit");
  });
});
