// `pvm_host.token_*` (spec §17.3 "Platform Token Costs"; cips/tokens.md "From actors"): each charges the
// operation's Cycles and Cells from TOKEN_OPS_V1 first, then whatever the token's validation hook used.
import { U64_MAX } from "@cowboy/codec";
import { tokenOpCost, type TokenOp } from "@cowboy/metering";
import type { Host, TokenHostOp } from "./host.js";
import { addressArg, guarded, strArg, u64Arg } from "./host-args.js";
import type { Runtime } from "./runtime/context.js";
import { pyErr } from "./runtime/exceptions.js";
import * as I from "./runtime/int.js";
import type { Value } from "./runtime/object.js";
import { None } from "./runtime/types.js";

type HostFn = (rt: Runtime, a: Value[], kw: Map<string, Value> | null) => Value;

const te = new TextEncoder();

function run(rt: Runtime, host: Host, kind: TokenOp, op: TokenHostOp, named = 0): Value {
  const cost = tokenOpCost(kind, named);
  rt.charge(Number(cost.cycles));
  rt.chargeCells(Number(cost.cells));
  if (host.token === undefined) throw pyErr("RuntimeError", "platform tokens are not available on this host");
  const budget = { cycles: rt.cyclesLimit - rt.cyclesUsed, cells: rt.cellsLimit - rt.cells, stack: rt.stackLimit - rt.stack };
  const r = guarded(() => host.token!(op, budget));
  rt.charge(r.cycles);
  rt.chargeCells(r.cells);
  if (!r.ok) throw pyErr("ValueError", r.error);
  return I.norm(r.value);
}

const id = (v: Value | undefined, fn: string): bigint => {
  const n = u64Arg(v, fn, "token");
  if (n === 0n || n > U64_MAX) throw pyErr("ValueError", `${fn}() argument 'token' must be a token id (1 or more)`);
  return n;
};

export function tokenHostFunctions(host: Host): Array<readonly [string, HostFn]> {
  return [
    [
      "token_create",
      (rt, a) => {
        const name = strArg(a[0], "token_create", "name");
        const symbol = strArg(a[1], "token_create", "symbol");
        const decimals = Number(u64Arg(a[2], "token_create", "decimals"));
        const initialSupply = u64Arg(a[3], "token_create", "initial_supply");
        const maxSupply = a[4] === undefined || a[4] === None ? null : u64Arg(a[4], "token_create", "max_supply");
        const hook = a[5] === undefined || a[5] === None ? null : addressArg(a[5], "token_create", "hook");
        const named = te.encode(name).length + te.encode(symbol).length;
        return run(rt, host, "create", { op: "create", name, symbol, decimals, initialSupply, maxSupply, hook }, named);
      },
    ],
    [
      "token_transfer",
      (rt, a) =>
        run(rt, host, "transfer", {
          op: "transfer",
          token: id(a[0], "token_transfer"),
          to: addressArg(a[1], "token_transfer", "to"),
          amount: u64Arg(a[2], "token_transfer", "amount"),
        }),
    ],
    [
      "token_transfer_from",
      (rt, a) =>
        run(rt, host, "transferFrom", {
          op: "transfer_from",
          token: id(a[0], "token_transfer_from"),
          owner: addressArg(a[1], "token_transfer_from", "owner"),
          to: addressArg(a[2], "token_transfer_from", "to"),
          amount: u64Arg(a[3], "token_transfer_from", "amount"),
        }),
    ],
    [
      "token_approve",
      (rt, a) =>
        run(rt, host, "approve", {
          op: "approve",
          token: id(a[0], "token_approve"),
          spender: addressArg(a[1], "token_approve", "spender"),
          amount: u64Arg(a[2], "token_approve", "amount"),
        }),
    ],
    ["token_balance_of", (rt, a) => run(rt, host, "balanceOf", { op: "balance_of", token: id(a[0], "token_balance_of"), holder: addressArg(a[1], "token_balance_of", "holder") })],
    [
      "token_mint",
      (rt, a) => run(rt, host, "mint", { op: "mint", token: id(a[0], "token_mint"), to: addressArg(a[1], "token_mint", "to"), amount: u64Arg(a[2], "token_mint", "amount") }),
    ],
    ["token_burn", (rt, a) => run(rt, host, "burn", { op: "burn", token: id(a[0], "token_burn"), amount: u64Arg(a[1], "token_burn", "amount") })],
  ];
}
