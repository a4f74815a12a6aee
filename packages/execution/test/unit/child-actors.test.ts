// Deploy manifests and child actors (cips/actors.md "Deploy manifests", "Child actors"; spec §15.3 rule 4): a
// deploy_actor_with_manifest stores the manifest's requires at 0x07 (a bad manifest reverts with a typed error and
// installs nothing); cowboy_sdk.deploy from a running actor installs a child at keccak256(parent ‖ salt ‖
// keccak256(code))[12..], runs its constructor, and gives it exactly the parent's inheritable requires; a failing
// constructor, a taken address or a failing parent call leaves no child; the depth cap applies.
import { decodeCbor, encodeCbor, type CborValue } from "@cowboy/codec";
import { encodeDeployManifest, getRequires } from "@cowboy/runner-market";
import { actorCodeKey } from "@cowboy/state";
import { actorAddress, canonicalizeSource, codeHash, MAX_TX_SIZE, ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, text } from "../utils/chain.js";
import { addressOf, params } from "../utils/helpers.js";

const CHILD = `from cowboy_sdk import actor

@actor
class Child:
    def __init__(self, label):
        if label == "boom":
            raise ValueError("constructor refused")
        self.label = label

    def label_of(self):
        return self.label
`;

const PARENT = `import cowboy_sdk
from cowboy_sdk import actor

@actor
class Parent:
    def spawn(self, code, salt, label):
        child = cowboy_sdk.deploy(code, salt, label)
        self.last = child
        return child

    def spawn_then_fail(self, code, salt, label):
        cowboy_sdk.deploy(code, salt, label)
        raise RuntimeError("parent fails after deploying")

    def spawn_caught(self, code, salt, label):
        try:
            cowboy_sdk.deploy(code, salt, label)
        except cowboy_sdk.ActorCallError as e:
            return str(e)

    def spawn_chain(self, code, salt, *args):
        return cowboy_sdk.deploy(code, salt, *args)

    def spawn_padded(self, code, salt, label, pad):
        try:
            return cowboy_sdk.deploy(b"#" * pad + b"\\n" + code, salt, label)
        except cowboy_sdk.ActorCallError as e:
            return str(e)
`;

/** An actor that, constructed with depth d, deploys another of itself with d + 1 (its own code is passed along). */
const RECURSIVE = `import cowboy_sdk
from cowboy_sdk import actor

@actor
class Nest:
    def __init__(self, code, depth):
        self.depth = depth
        if depth < 100:
            cowboy_sdk.deploy(code, b"\\x01" * 32, code, depth + 1)
`;

const code = (s: string): Uint8Array => canonicalizeSource(s);
const SALT = new Uint8Array(32).fill(7);

function deployWith(c: ActorChain, manifest: Uint8Array, salt = 1) {
  const s = new Uint8Array(32);
  s[31] = salt;
  const [r] = c.block([c.tx(0, { type: "deploy_actor_with_manifest", code: code(PARENT), salt: s, args: new Uint8Array(0), manifest })]);
  return r!;
}

describe("deploy manifests", () => {
  it("store the manifest's requires at the actor's address", () => {
    const c = new ActorChain(params);
    const r = deployWith(
      c,
      encodeDeployManifest([
        { name: "net.http", inheritable: true },
        { name: "llm", inheritable: false },
      ]),
    );
    expect(r.status, text(r.return_data)).toBe(ReceiptStatus.Success);
    expect(getRequires(c.store.fork(), r.return_data)).toEqual([
      { name: "llm", inheritable: false },
      { name: "net.http", inheritable: true },
    ]);
  });

  it("refuse an unknown name, an unsorted or repeated list, another key, non-canonical bytes: reverted, nothing installed", () => {
    const c = new ActorChain(params);
    const m = (v: CborValue) => encodeCbor(v);
    const cases: [Uint8Array, RegExp][] = [
      [m(new Map<CborValue, CborValue>([["requires", [["root.shell", false]]]])), /"root\.shell" is not a known entitlement/],
      [
        m(
          new Map<CborValue, CborValue>([
            [
              "requires",
              [
                ["net.http", false],
                ["llm", false],
              ],
            ],
          ]),
        ),
        /llm after net\.http \(sorted by name, each once\)/,
      ],
      [
        m(
          new Map<CborValue, CborValue>([
            [
              "requires",
              [
                ["llm", false],
                ["llm", true],
              ],
            ],
          ]),
        ),
        /llm after llm/,
      ],
      [
        m(
          new Map<CborValue, CborValue>([
            ["requires", []],
            ["extra", 1n],
          ]),
        ),
        /expected the map/,
      ],
      [m(new Map<CborValue, CborValue>([["requires", [["llm", 1n]]]])), /each entry is \[name, inheritable\]/],
      [Uint8Array.of(0x18, 0x01), /non-minimal-head/],
    ];
    for (const [i, [manifest, why]] of cases.entries()) {
      const r = deployWith(c, manifest, 10 + i);
      expect(r.status).toBe(ReceiptStatus.Reverted);
      expect(text(r.return_data)).toMatch(/^ValueError: INVALID_ARGUMENT: deploy manifest: /);
      expect(text(r.return_data)).toMatch(why);
      const s = new Uint8Array(32);
      s[31] = 10 + i;
      const address = actorAddress(addressOf(0), s, codeHash(code(PARENT)));
      expect(c.store.fork().get(actorCodeKey(address))).toBeUndefined();
    }
  });
});

describe("child actors (cowboy_sdk.deploy)", () => {
  function parentWith(requires: { name: string; inheritable: boolean }[]) {
    const c = new ActorChain(params);
    const r = deployWith(c, encodeDeployManifest(requires));
    expect(r.status, text(r.return_data)).toBe(ReceiptStatus.Success);
    return { c, parent: r.return_data };
  }

  it("installs the child at keccak256(parent ‖ salt ‖ keccak256(code))[12..] with exactly the inheritable requires", () => {
    const { c, parent } = parentWith([
      { name: "compute", inheritable: false },
      { name: "net.http", inheritable: true },
      { name: "secret.read", inheritable: true },
    ]);
    const [r] = c.block([c.callTx(0, parent, "spawn", [code(CHILD), SALT, "first"])]);
    expect(r!.status, text(r!.return_data)).toBe(ReceiptStatus.Success);
    const child = decodeCbor(r!.return_data) as Uint8Array;
    expect(child).toEqual(actorAddress(parent, SALT, codeHash(code(CHILD))));
    const state = c.store.fork();
    expect(state.get(actorCodeKey(child))).toEqual(code(CHILD));
    expect(c.account(child).code_hash).toEqual(codeHash(code(CHILD)));
    expect(getRequires(state, child)).toEqual([
      { name: "net.http", inheritable: true },
      { name: "secret.read", inheritable: true },
    ]);
    // The constructor ran with its argument; the child answers calls.
    expect(decodeCbor(c.query(child, "label_of").data)).toBe("first");
    // The same salt and code again: the address is taken.
    const [again] = c.block([c.callTx(0, parent, "spawn_caught", [code(CHILD), SALT, "second"])]);
    expect(decodeCbor(again!.return_data)).toBe(`ValueError: an actor already exists at 0x${Buffer.from(child).toString("hex")}`);
  });

  it("a parent with nothing inheritable gives its child no requires", () => {
    const { c, parent } = parentWith([{ name: "llm", inheritable: false }]);
    const [r] = c.block([c.callTx(0, parent, "spawn", [code(CHILD), SALT, "x"])]);
    expect(r!.status, text(r!.return_data)).toBe(ReceiptStatus.Success);
    expect(getRequires(c.store.fork(), decodeCbor(r!.return_data) as Uint8Array)).toEqual([]);
  });

  it("a failing constructor, or a failing parent call, leaves no child", () => {
    const { c, parent } = parentWith([{ name: "net.http", inheritable: true }]);
    const child = actorAddress(parent, SALT, codeHash(code(CHILD)));
    const [caught] = c.block([c.callTx(0, parent, "spawn_caught", [code(CHILD), SALT, "boom"])]);
    expect(caught!.status).toBe(ReceiptStatus.Success);
    expect(decodeCbor(caught!.return_data)).toMatch(/ValueError: constructor refused/);
    const [failed] = c.block([c.callTx(0, parent, "spawn_then_fail", [code(CHILD), SALT, "ok"])]);
    expect(failed!.status).toBe(ReceiptStatus.Reverted);
    expect(text(failed!.return_data)).toMatch(/RuntimeError: parent fails after deploying/);
    const state = c.store.fork();
    expect(state.get(actorCodeKey(child))).toBeUndefined();
    expect(c.account(child).code_hash).toBeNull();
    expect(getRequires(state, child)).toEqual([]);
  });

  it("refuses non-canonical source", () => {
    const { c, parent } = parentWith([]);
    const [bad] = c.block([c.callTx(0, parent, "spawn_caught", [new TextEncoder().encode("x = 1\r\n"), SALT, "x"])]);
    expect(decodeCbor(bad!.return_data)).toMatch(/^ValueError: code is not canonical Python source/);
  });

  it("refuses code larger than a deploy transaction can carry (MAX_TX_SIZE), which a handler could build in memory", () => {
    const { c, parent } = parentWith([]);
    const budget = { cycles: 50_000_000n, cells: 2_000_000n };
    const fits = MAX_TX_SIZE - code(CHILD).length - 1;
    const [ok] = c.block([c.callTx(0, parent, "spawn_padded", [code(CHILD), SALT, "x", BigInt(fits)], budget)]);
    expect(ok!.status, text(ok!.return_data)).toBe(ReceiptStatus.Success);
    expect(decodeCbor(ok!.return_data)).toBeInstanceOf(Uint8Array);
    const [big] = c.block([c.callTx(0, parent, "spawn_padded", [code(CHILD), SALT, "x", BigInt(fits + 1)], budget)]);
    expect(big!.status, text(big!.return_data)).toBe(ReceiptStatus.Success);
    expect(decodeCbor(big!.return_data)).toBe(`ValueError: code is ${MAX_TX_SIZE + 1} bytes, more than the ${MAX_TX_SIZE} a deploy may install`);
    const padded = new Uint8Array([...new Uint8Array(fits + 1).fill(0x23), 0x0a, ...code(CHILD)]);
    expect(c.account(actorAddress(parent, SALT, codeHash(padded))).code_hash).toBeNull();
  });

  it("stops at the call depth limit (each child's constructor runs one level deeper)", () => {
    // A small cap: at the default 32, 100,000 Cycles a deploy exhaust an actor's per-block allowance first.
    const c = new ActorChain({ ...params, actors: { ...params.actors, maxDepth: 4 } });
    const r = deployWith(c, encodeDeployManifest([]));
    const parent = r.return_data;
    const [deep] = c.block([c.callTx(0, parent, "spawn_chain", [code(RECURSIVE), SALT, code(RECURSIVE), 0n], { cycles: 50_000_000n, cells: 2_000_000n })]);
    expect(deep!.status).toBe(ReceiptStatus.Reverted);
    expect(text(deep!.return_data)).toMatch(/call depth limit of 4 reached/);
  });
});
