// An actor prepays its own rent (cips/rent.md "Prepaid rent"; `cowboy_sdk.rent.prepay`): the amount leaves its
// balance and is held as prepaid rent on its record; 0 and more than the balance raise ValueError and change nothing.
import { getRentRecord } from "@cowboy/rent";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { params } from "../utils/helpers.js";

const TENANT = `from cowboy_sdk import actor, payable
from cowboy_sdk import rent

@actor
class Tenant:
    def __init__(self):
        self.storage["k"] = "v"

    @payable
    def fund(self):
        pass

    def prepay(self, n):
        return rent.prepay(n)

    def standing(self):
        return rent.quota()["prepaid"]
`;

describe("cowboy_sdk.rent.prepay", () => {
  it("moves the amount from the actor's balance to its prepaid rent", { timeout: 60_000 }, () => {
    const c = new ActorChain(params);
    const [d] = c.block([c.deployTx(0, TENANT)]);
    expect(d!.status, text(d!.return_data)).toBe(ReceiptStatus.Success);
    const actor = d!.return_data;
    c.block([c.callTx(0, actor, "fund", [], { value: 5n * CBY })]);
    const before = getRentRecord(c.store.fork(), actor)?.prepaid ?? 0n;
    const [ok] = c.block([c.callTx(0, actor, "prepay", [2n * CBY])]);
    expect([ok!.status, text(ok!.return_data)]).toEqual([ReceiptStatus.Success, text(ok!.return_data)]);
    expect(getRentRecord(c.store.fork(), actor)!.prepaid - before).toBe(2n * CBY);
    expect(c.account(actor).balance).toBe(3n * CBY);
    const [zero, tooMuch] = c.block([c.callTx(0, actor, "prepay", [0n]), c.callTx(1, actor, "prepay", [4n * CBY])]);
    expect([zero!.status, tooMuch!.status]).toEqual([ReceiptStatus.Reverted, ReceiptStatus.Reverted]);
    expect(text(zero!.return_data)).toMatch(/ValueError: INVALID_ARGUMENT/);
    expect(text(tooMuch!.return_data)).toMatch(/ValueError: /);
    expect(c.account(actor).balance).toBe(3n * CBY);
    expect(getRentRecord(c.store.fork(), actor)!.prepaid - before).toBe(2n * CBY);
  });
});
