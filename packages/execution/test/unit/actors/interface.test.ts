// Actor interfaces (cips/actors.md "Actor interfaces"): the description derived from source, the
// "did you mean" hint on a misspelt method, and @payable.
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { actorInterface, closestName } from "../../../src/index.js";
import { ActorChain, CBY, text } from "../../utils/chain.js";

const SHOP = `from cowboy_sdk import actor, payable, this

@actor
class Shop:
    """A shop that sells one thing."""

    def __init__(self, price=10):
        self.price = price

    @payable
    def buy(self, qty, note="hi, there", *rest, gift=False, **extra):
        """Buys \`qty\`.

        Pays with the value sent.
        """
        return this.balance

    def price_of(self, qty):
        return self.price * qty

    def _secret(self):
        return 1
`;

describe("actor interfaces", () => {
  it("lists public methods with parameters, defaults as source text, docstrings and @payable", () => {
    expect(actorInterface(SHOP)).toEqual({
      name: "Shop",
      doc: "A shop that sells one thing.",
      methods: [
        {
          name: "buy",
          params: [
            { name: "qty" },
            { name: "note", default: '"hi, there"' },
            { name: "rest", kind: "var_positional" },
            { name: "gift", kind: "keyword_only", default: "False" },
            { name: "extra", kind: "var_keyword" },
          ],
          doc: "Buys `qty`.\n\nPays with the value sent.",
          payable: true,
        },
        { name: "price_of", params: [{ name: "qty" }], doc: null, payable: false },
      ],
    });
    expect(actorInterface("def broken(:\n")).toBeNull();
    expect(actorInterface("x = 1\n")).toBeNull();
    expect(actorInterface("class Actor:\n    def go(self, a=[1,\n  2]):\n        pass\n")?.methods).toEqual([
      { name: "go", params: [{ name: "a", default: "[1,\n  2]" }], doc: null, payable: false },
    ]);
  });

  it("suggests the closest public method name", () => {
    expect(closestName("prise_of", ["buy", "price_of"])).toBe("price_of");
    expect(closestName("by", ["buy", "price_of"])).toBe("buy");
    expect(closestName("withdraw", ["buy", "price_of"])).toBeNull();
  });

  it("a misspelt method reverts with 'did you mean'; value to a method without @payable is refused and stays with the sender", () => {
    const chain = new ActorChain();
    const [d] = chain.block([chain.deployTx(0, SHOP)]);
    expect(d!.status).toBe(ReceiptStatus.Success);
    const shop = d!.return_data;
    const [typo] = chain.block([chain.callTx(1, shop, "prise_of", [2n])]);
    expect(typo!.status).toBe(ReceiptStatus.Reverted);
    expect(text(typo!.return_data)).toBe("InvalidMethod: Shop has no public method 'prise_of'; did you mean 'price_of'?");

    const before = chain.account(shop).balance;
    const [refused] = chain.block([chain.callTx(1, shop, "price_of", [2n], { value: CBY })]);
    expect(refused!.status).toBe(ReceiptStatus.Reverted);
    expect(text(refused!.return_data)).toBe(
      "ValueError: Shop.price_of is not @payable: it refuses the 1000000000 base units sent with the call (decorate it with @payable from cowboy_sdk to accept value)",
    );
    expect(chain.account(shop).balance).toBe(before);
    const [paid] = chain.block([chain.callTx(1, shop, "buy", [1n], { value: CBY })]);
    expect(paid!.status).toBe(ReceiptStatus.Success);
    expect(chain.account(shop).balance).toBe(before + CBY);
    const [free] = chain.block([chain.callTx(1, shop, "price_of", [2n])]);
    expect(free!.status).toBe(ReceiptStatus.Success);
  });
});
