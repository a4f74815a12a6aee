// Platform tokens on chain (cips/tokens.md): the §17.3 cost table charged exactly (instructions and
// host calls), allowances, and a hostile validation hook capped at 50,000 Cycles.
import { decodeCbor } from "@cowboy/codec";
import { TOKEN_OPS_V1 } from "@cowboy/metering";
import { allowanceOf, balanceOf, getToken } from "@cowboy/tokens";
import { ReceiptStatus, type Instruction } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, text } from "../utils/chain.js";
import { addressOf } from "../utils/helpers.js";

const A = addressOf(0);
const B = addressOf(1);
const C = addressOf(2);
const TRANSFER_BASE = 21_000n;

function create(chain: ActorChain, from: number, extra: Partial<Extract<Instruction, { type: "token_create" }>> = {}): bigint {
  const [r] = chain.block([chain.tx(from, { type: "token_create", name: "Gold", symbol: "GLD", decimals: 6n, initialSupply: 1_000n, maxSupply: null, hook: null, ...extra })]);
  expect([r!.status, text(r!.return_data)]).toEqual([ReceiptStatus.Success, text(r!.return_data)]);
  return decodeCbor(r!.return_data) as bigint;
}

const HOLDER = `import pvm_host as _h
from cowboy_sdk import actor
from cowboy_sdk import token

@actor
class Holder:
    def __init__(self):
        pass

    def make(self):
        return token.create("Acorn", "ACN", 2, 500, None, None)

    def ap(self, t, who):
        _h.token_approve(t, who, 1)

    def tr(self, t, who):
        _h.token_transfer(t, who, 1)

    def mi(self, t, who):
        _h.token_mint(t, who, 1)

    def bu(self, t, who):
        _h.token_burn(t, 1)

    def ba(self, t, who):
        _h.token_balance_of(t, who)

    def pull(self, t, owner, n):
        token.transfer_from(t, owner, owner, n)
        return token.balance_of(t, owner)
`;

const HOOKS = `from cowboy_sdk import actor

@actor
class Hooks:
    def __init__(self):
        pass

    def validate_transfer(self, t, sender, to, amount):
        return amount <= 10
`;

const HOSTILE = `from cowboy_sdk import actor

@actor
class Hostile:
    def __init__(self):
        pass

    def validate_transfer(self, t, sender, to, amount):
        while True:
            pass
`;

describe("platform tokens on chain", () => {
  it("instructions charge a transfer's intrinsic cost plus the §17.3 Cycles and Cells, exactly", () => {
    const chain = new ActorChain();
    const [c] = chain.block([chain.tx(0, { type: "token_create", name: "Gold", symbol: "GLD", decimals: 6n, initialSupply: 1_000n, maxSupply: 2_000n, hook: null })]);
    expect(c!.status).toBe(ReceiptStatus.Success);
    expect(decodeCbor(c!.return_data)).toBe(1n);
    expect([c!.cycles_used, c!.cells_used]).toEqual([TRANSFER_BASE + 10_000n, 256n + 4n + 3n]);
    const cases: [Instruction, keyof typeof TOKEN_OPS_V1][] = [
      [{ type: "token_transfer", token: 1n, to: B, amount: 100n }, "transfer"],
      [{ type: "token_approve", token: 1n, spender: B, amount: 300n }, "approve"],
      [{ type: "token_mint", token: 1n, to: C, amount: 50n }, "mint"],
      [{ type: "token_burn", token: 1n, amount: 10n }, "burn"],
    ];
    for (const [ins, op] of cases) {
      const [r] = chain.block([chain.tx(0, ins)]);
      expect([ins.type, r!.status, r!.cycles_used, r!.cells_used]).toEqual([ins.type, ReceiptStatus.Success, TRANSFER_BASE + TOKEN_OPS_V1[op].cycles, TOKEN_OPS_V1[op].cells]);
    }
    const [tf] = chain.block([chain.tx(1, { type: "token_transfer_from", token: 1n, owner: A, to: C, amount: 120n })]);
    expect([tf!.status, tf!.cycles_used, tf!.cells_used]).toEqual([ReceiptStatus.Success, TRANSFER_BASE + 1_500n, 96n]);
    const s = chain.store.fork();
    expect([balanceOf(s, 1n, A), balanceOf(s, 1n, B), balanceOf(s, 1n, C)]).toEqual([770n, 100n, 170n]);
    expect(getToken(s, 1n)!.supply).toBe(1_040n);
    expect(allowanceOf(s, 1n, A, B)).toBe(180n);
  });

  it("allowances: transfer_from within the allowance only; mint by the creator only; refusals revert", () => {
    const chain = new ActorChain();
    const t = create(chain, 0);
    chain.block([chain.tx(0, { type: "token_approve", token: t, spender: B, amount: 50n })]);
    const [over] = chain.block([chain.tx(1, { type: "token_transfer_from", token: t, owner: A, to: B, amount: 51n })]);
    expect(text(over!.return_data)).toBe("TokenError: INSUFFICIENT_ALLOWANCE: allowance 50 of token 1 does not cover 51");
    const [other] = chain.block([chain.tx(2, { type: "token_transfer_from", token: t, owner: A, to: C, amount: 1n })]);
    expect(text(other!.return_data)).toMatch(/^TokenError: INSUFFICIENT_ALLOWANCE: allowance 0 /);
    const [ok] = chain.block([chain.tx(1, { type: "token_transfer_from", token: t, owner: A, to: B, amount: 50n })]);
    expect(ok!.status).toBe(ReceiptStatus.Success);
    const [again] = chain.block([chain.tx(1, { type: "token_transfer_from", token: t, owner: A, to: B, amount: 1n })]);
    expect(again!.status).toBe(ReceiptStatus.Reverted);
    const [mint] = chain.block([chain.tx(1, { type: "token_mint", token: t, to: B, amount: 1n })]);
    expect(text(mint!.return_data)).toBe("TokenError: NOT_MINT_AUTHORITY: only the creator of token 1 may mint it");
    expect(balanceOf(chain.store.fork(), t, B)).toBe(50n);
  });

  it("actors: the host calls charge the table (differences between same-shaped calls), and tokens are the actor's own", () => {
    const chain = new ActorChain();
    const [d] = chain.block([chain.deployTx(0, HOLDER)]);
    const actor = d!.return_data;
    const [m] = chain.block([chain.callTx(0, actor, "make")]);
    expect(m!.status).toBe(ReceiptStatus.Success);
    const t = decodeCbor(m!.return_data) as bigint;
    expect(balanceOf(chain.store.fork(), t, actor)).toBe(500n);
    const run = (method: string, args: (bigint | Uint8Array)[]) => {
      const [r] = chain.block([chain.callTx(0, actor, method, args)]);
      expect([method, r!.status, text(r!.return_data)]).toEqual([method, ReceiptStatus.Success, text(new Uint8Array([0xf6]))]);
      return r!;
    };
    const ap = run("ap", [t, B]);
    const tr = run("tr", [t, B]);
    const mi = run("mi", [t, B]);
    const bu = run("bu", [t, B]);
    const ba = run("ba", [t, B]);
    const T = TOKEN_OPS_V1;
    expect([tr.cycles_used - ap.cycles_used, tr.cells_used - ap.cells_used]).toEqual([T.transfer.cycles - T.approve.cycles, T.transfer.cells - T.approve.cells]);
    expect([mi.cycles_used - tr.cycles_used, mi.cells_used - tr.cells_used]).toEqual([T.mint.cycles - T.transfer.cycles, T.mint.cells - T.transfer.cells]);
    expect([bu.cycles_used - ba.cycles_used, bu.cells_used - ba.cells_used]).toEqual([T.burn.cycles - T.balanceOf.cycles, T.burn.cells - T.balanceOf.cells]);
    expect(balanceOf(chain.store.fork(), t, B)).toBe(2n);
    expect(balanceOf(chain.store.fork(), t, actor)).toBe(498n);
  });

  it("a validation hook decides every transfer; a hostile one is cut at 50,000 Cycles, charged to the sender", () => {
    const chain = new ActorChain();
    const [h1, h2] = chain.block([chain.deployTx(0, HOOKS, [], 1), chain.deployTx(0, HOSTILE, [], 2)]);
    const friendly = create(chain, 0, { hook: h1!.return_data });
    const [small] = chain.block([chain.tx(0, { type: "token_transfer", token: friendly, to: B, amount: 10n })]);
    expect(small!.status).toBe(ReceiptStatus.Success);
    expect(small!.cycles_used).toBeGreaterThan(TRANSFER_BASE + 1_000n);
    const [big] = chain.block([chain.tx(0, { type: "token_transfer", token: friendly, to: B, amount: 11n })]);
    expect(text(big!.return_data)).toBe("TokenError: HOOK_REJECTED: the validation hook of token 1 refused the transfer");
    const hostile = create(chain, 0, { name: "Trap", symbol: "TRP", hook: h2!.return_data });
    const [trap] = chain.block([chain.tx(0, { type: "token_transfer", token: hostile, to: B, amount: 1n })]);
    expect(trap!.status).toBe(ReceiptStatus.Reverted);
    expect(text(trap!.return_data)).toMatch(/^TokenError: HOOK_REJECTED: the validation hook of token 2 failed \(OutOfCycles.*\); it may use at most 50000 Cycles$/);
    expect(trap!.cycles_used).toBe(TRANSFER_BASE + 1_000n + 50_000n);
    const s = chain.store.fork();
    expect([balanceOf(s, friendly, B), balanceOf(s, hostile, B)]).toEqual([10n, 0n]);
  });
});
