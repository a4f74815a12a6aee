// Oracle unbonding and slashing and the wrapped-asset hooks on chain (cips/interop.md "Unbonding and slashing",
// "Bridge hooks"): a quorum's Locked log mints once; a burn records an unlock request; an equivocation is slashed.
import { decodeCbor } from "@cowboy/codec";
import { decodeUnlock, EVENT_LISTENER_ADDRESS, getUnlock, interopKeys, LOCKED_TOPIC } from "@cowboy/interop";
import { systemKey } from "@cowboy/state";
import { balanceOf, getToken } from "@cowboy/tokens";
import { createTransaction, type Instruction, ReceiptStatus, SYSTEM_ACTORS, systemAddress } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import type { ChainParams } from "../../src/index.js";
import { listenerStore } from "../../src/interop/listener.js";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, CHAIN_ID, key, params as defaultParams } from "../utils/helpers.js";

const params: ChainParams = { ...defaultParams, interop: { ...defaultParams.interop!, oracleUnbondingBlocks: 2n } };
const BRIDGE = new Uint8Array(20).fill(0xbb);
const USDC = new Uint8Array(20).fill(0x55);
const HOLDER = addressOf(3);
const pad = (a: Uint8Array) => Uint8Array.of(...new Uint8Array(12), ...a);
const u256 = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * (31 - i))) & 0xffn));
const UNIT = 10n ** 12n;

function lock(subscriptionId: Uint8Array, amount: bigint, block: bigint, data = u256(amount)): Instruction {
  return {
    type: "eth_report_event",
    subscriptionId,
    contract: BRIDGE,
    topics: Uint8Array.of(...LOCKED_TOPIC, ...pad(USDC), ...pad(HOLDER)),
    data,
    blockNumber: block,
    blockHash: new Uint8Array(32).fill(Number(block & 0xffn)),
    transactionHash: new Uint8Array(32).fill(0x7a),
    logIndex: 0n,
  };
}
const topicOf = (e: { topic: Uint8Array }) => new TextDecoder().decode(e.topic);

function setup() {
  const chain = new ActorChain(params);
  const regs = chain.block([0, 1, 2].map((i) => chain.tx(i, { type: "eth_register_oracle", stake: 2n * CBY })));
  expect(regs.map((r) => r.status)).toEqual([ReceiptStatus.Success, ReceiptStatus.Success, ReceiptStatus.Success]);
  const [r] = chain.block([
    chain.tx(3, {
      type: "eth_register_asset",
      bridge: BRIDGE,
      ethToken: USDC,
      name: "Wrapped USDC",
      symbol: "wUSDC",
      decimals: 6n,
      ethDecimals: 18n,
      fromBlock: 0n,
      confirmations: 3n,
    }),
  ]);
  expect(r!.status).toBe(ReceiptStatus.Success);
  const out = decodeCbor(r!.return_data) as Map<string, unknown>;
  return { chain, token: out.get("token") as bigint, sub: out.get("subscription") as Uint8Array };
}

describe("wrapped assets on chain (§16.2)", () => {
  it("a quorum's Locked log mints to the recipient exactly once; a malformed one is consumed without minting", () => {
    const { chain, token, sub } = setup();
    expect(getToken(chain.store.fork(), token)).toMatchObject({ creator: EVENT_LISTENER_ADDRESS, supply: 0n, symbol: "wUSDC", decimals: 6 });
    // only 0x14 (the quorum) mints
    const [direct] = chain.block([chain.tx(3, { type: "token_mint", token, to: HOLDER, amount: 5n })]);
    expect(text(direct!.return_data)).toContain("NOT_MINT_AUTHORITY");
    const [a] = chain.block([chain.tx(0, lock(sub, 2_500_000n * UNIT, 20n))]);
    expect(a!.events).toEqual([]);
    expect(balanceOf(chain.store.fork(), token, HOLDER)).toBe(0n);
    const [b] = chain.block([chain.tx(1, lock(sub, 2_500_000n * UNIT, 20n))]);
    expect(b!.status).toBe(ReceiptStatus.Success);
    expect(b!.events.map(topicOf)).toEqual(["cowboy:bridge_mint"]);
    expect(balanceOf(chain.store.fork(), token, HOLDER)).toBe(2_500_000n);
    const [late] = chain.block([chain.tx(2, lock(sub, 2_500_000n * UNIT, 20n))]);
    expect(text(late!.return_data)).toContain("already delivered");
    expect(balanceOf(chain.store.fork(), token, HOLDER)).toBe(2_500_000n);

    chain.block([chain.tx(0, lock(sub, UNIT + 1n, 21n))]);
    const [bad] = chain.block([chain.tx(2, lock(sub, UNIT + 1n, 21n))]);
    expect(bad!.status).toBe(ReceiptStatus.Success);
    expect(bad!.events.map(topicOf)).toEqual(["cowboy:bridge_mint_failed"]);
    expect(getToken(chain.store.fork(), token)?.supply).toBe(2_500_000n);
  });

  it("a burn records an unlock request (event and state); a token that is not wrapped cannot be bridged", () => {
    const { chain, token, sub } = setup();
    chain.block([chain.tx(0, lock(sub, 700n * UNIT, 20n)), chain.tx(1, lock(sub, 700n * UNIT, 20n))]);
    const eth = new Uint8Array(20).fill(0xe1);
    const [r] = chain.block([chain.tx(3, { type: "eth_bridge_burn", token, amount: 200n, ethRecipient: eth })]);
    expect(r!.status).toBe(ReceiptStatus.Success);
    expect(decodeCbor(r!.return_data)).toBe(0n);
    expect(r!.events.map(topicOf)).toEqual(["cowboy:bridge_unlock"]);
    const request = decodeUnlock(r!.events[0]!.data);
    expect(request).toMatchObject({ sequence: 0n, token, holder: HOLDER, ethRecipient: eth, amount: 200n, ethAmount: 200n * UNIT, bridge: BRIDGE, ethToken: USDC });
    expect(getUnlock(listenerStore(chain.store.fork()), 0n)).toEqual(request);
    expect(balanceOf(chain.store.fork(), token, HOLDER)).toBe(500n);
    expect(getToken(chain.store.fork(), token)?.supply).toBe(500n);
    const [over] = chain.block([chain.tx(3, { type: "eth_bridge_burn", token, amount: 501n, ethRecipient: eth })]);
    expect(text(over!.return_data)).toContain("INSUFFICIENT_BALANCE");
    const [plain] = chain.block([chain.tx(3, { type: "token_create", name: "Plain", symbol: "PL", decimals: 0n, initialSupply: 10n, maxSupply: null, hook: null })]);
    const [notWrapped] = chain.block([chain.tx(3, { type: "eth_bridge_burn", token: decodeCbor(plain!.return_data) as bigint, amount: 1n, ethRecipient: eth })]);
    expect(text(notWrapped!.return_data)).toContain("LookupError: NO_ASSET");
    const [dup] = chain.block([
      chain.tx(2, { type: "eth_register_asset", bridge: BRIDGE, ethToken: USDC, name: "Again", symbol: "A", decimals: 6n, ethDecimals: 18n, fromBlock: 0n, confirmations: 3n }),
    ]);
    expect(text(dup!.return_data)).toContain("ASSET_EXISTS");
  });
});

describe("oracle unbonding and slashing on chain", () => {
  it("unregistering unbonds; the stake is withdrawn after the window", () => {
    const { chain, sub } = setup();
    const [u] = chain.block([chain.tx(2, { type: "eth_unregister_oracle" })]);
    expect(u!.status).toBe(ReceiptStatus.Success);
    const [early] = chain.block([chain.tx(2, { type: "eth_withdraw_oracle" }), chain.tx(2, lock(sub, UNIT, 5n))]);
    expect(text(early!.return_data)).toContain("UNBONDING");
    chain.block([]);
    const held = chain.account(EVENT_LISTENER_ADDRESS).balance;
    const [w] = chain.block([chain.tx(2, { type: "eth_withdraw_oracle" })]);
    expect([w!.status, text(w!.return_data)]).toEqual([ReceiptStatus.Success, ""]);
    expect(chain.account(EVENT_LISTENER_ADDRESS).balance).toBe(held - 2n * CBY);
    const [twice] = chain.block([chain.tx(2, { type: "eth_withdraw_oracle" })]);
    expect(text(twice!.return_data)).toContain("NOT_AN_ORACLE");
  });

  it("two signed reports of one block hash and log index with different logs slash the signer", () => {
    const { chain, sub } = setup();
    const sign = (ins: Instruction) =>
      createTransaction({ chainId: CHAIN_ID, nonce: 99n, instruction: ins, from: addressOf(1), cyclesLimit: 1n, cellsLimit: 1n, maxFeePerCycle: 1n, maxFeePerCell: 1n })
        .sign(key(1))
        .encode();
    const first = sign(lock(sub, UNIT, 30n));
    const second = sign(lock(sub, 2n * UNIT, 30n));
    const treasury = systemAddress(SYSTEM_ACTORS.treasury);
    const [t0, l0] = [chain.account(treasury).balance, chain.account(EVENT_LISTENER_ADDRESS).balance];
    const [r] = chain.block([chain.tx(3, { type: "eth_slash_oracle", first, second })]);
    expect([r!.status, text(r!.return_data)]).toEqual([ReceiptStatus.Success, ""]);
    expect(r!.events.map(topicOf)).toEqual(["cowboy:oracle_slashed"]);
    expect(chain.account(EVENT_LISTENER_ADDRESS).balance).toBe(l0 - 2n * CBY);
    expect(chain.account(treasury).balance - t0).toBe((2n * CBY * 9n) / 10n);
    // the other tenth went to the prover (0x14's debit = the Treasury's credit + the reward, in the same transaction)
    expect(decodeCbor(r!.events[0]!.data)).toEqual(
      new Map<string, unknown>([
        ["oracle", addressOf(1)],
        ["slashed", 2n * CBY],
        ["reward", (2n * CBY) / 10n],
      ]),
    );
    expect(chain.store.fork().get(systemKey("eth_events", interopKeys.oracle(addressOf(1))))).toBeUndefined();
    const [again] = chain.block([chain.tx(3, { type: "eth_slash_oracle", first: second, second: first })]);
    expect(text(again!.return_data)).toContain("EVIDENCE_USED");
    const [notFault] = chain.block([chain.tx(3, { type: "eth_slash_oracle", first, second: first })]);
    expect(text(notFault!.return_data)).toContain("INVALID_EVIDENCE");
  });
});
