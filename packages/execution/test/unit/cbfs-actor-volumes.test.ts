// Actor-owned CBFS volumes (cips/cbfs.md §8.1) through real blocks: an actor anchors a volume with cowboy_sdk.cbfs
// (rent from its balance into 0x0A), delegates and revokes reads, and a job naming the volume gives each drawn runner
// a read delegation valid until the job's reveal window closes; a volume the poster does not own gets none.
import { type CborTuple, decodeCbor, encodeCbor } from "@cowboy/codec";
import { STORAGE_MANAGER_ADDRESS, getDelegation, getVolume, rentFor, DEFAULT_CBFS_CHAIN_CONFIG as C } from "@cowboy/cbfs";
import { JOB_DISPATCHER_ADDRESS, createRunnerMarketConfig, encodeCapabilities, getJob } from "@cowboy/runner-market";
import { ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as defaultParams } from "../utils/helpers.js";
import { deployFunded, registerRunners } from "../utils/market.js";

const market = createRunnerMarketConfig({ stakeFloor: 100n * CBY, ackBlocks: 3n, commitBlocks: 4n, revealBlocks: 3n, selectionDelayRounds: 2n });
const params = { ...defaultParams, runnerMarket: market };
const LIMITS = { cycles: 1_000_000n, cells: 100_000n };
const SIZE = 5n << 20n;

const OWNER = `from cowboy_sdk import actor, runner, cbfs

@actor
class Owner:
    def own(self, root, size):
        return cbfs.anchor(root, size, 4, 2, 1000)

    def grant(self, root, who):
        return cbfs.delegate(root, who, ["read", "repair"], 50)

    def revoke(self, root, who):
        cbfs.revoke_delegation(root, who)

    def job(self, volumes):
        return runner.submit("http", {"method": "GET", "url": "https://data.example/x"}, result_schema={"type": "object"},
                             runners=2, quorum=2, max_price="1cby", allow_domains=["data.example"], volumes=volumes)
`;

describe("actor-owned volumes (cowboy_sdk.cbfs, 0x0A delegations)", () => {
  it("anchor with the actor's rent, delegate/revoke, and read delegations for a job's drawn runners", () => {
    const c = new ActorChain(params);
    const caps = encodeCapabilities({ provides: ["net.http", "fs.mount"], jobKinds: ["http"] });
    registerRunners(c, [1, 2], caps, LIMITS, 9100);
    const [deployed, other] = c.block([c.deployTx(0, OWNER), c.deployTx(3, OWNER)]);
    expect(deployed!.status, text(deployed!.return_data)).toBe(ReceiptStatus.Success);
    const owner = deployed!.return_data;
    const stranger = other!.return_data;
    c.block([c.transferTx(0, owner, 100n * CBY), c.transferTx(3, stranger, 100n * CBY)]);
    const root = new Uint8Array(32).fill(0xab);
    const foreign = new Uint8Array(32).fill(0xcd);

    const before = c.account(owner).balance;
    const vault = c.account(STORAGE_MANAGER_ADDRESS).balance;
    const [anchored, foreignAnchor] = c.block([c.callTx(0, owner, "own", [root, SIZE], LIMITS), c.callTx(3, stranger, "own", [foreign, SIZE], LIMITS)]);
    expect(anchored!.status, text(anchored!.return_data)).toBe(ReceiptStatus.Success);
    expect(foreignAnchor!.status).toBe(ReceiptStatus.Success);
    const rent = rentFor(SIZE, 4, 2, 1000n, C);
    expect(decodeCbor(anchored!.return_data)).toBe(rent);
    expect(before - c.account(owner).balance).toBe(rent);
    expect(c.account(STORAGE_MANAGER_ADDRESS).balance - vault).toBe(2n * rent);
    expect(getVolume(c.store.fork(), root)?.owner).toEqual(owner);

    // A second anchor of the same root is refused with 0x0A's code; a stranger cannot delegate the owner's volume.
    const [again, stolen] = c.block([c.callTx(0, owner, "own", [root, SIZE], LIMITS), c.callTx(3, stranger, "grant", [root, addressOf(9)], LIMITS)]);
    expect(again!.status).toBe(ReceiptStatus.Reverted);
    expect(text(again!.return_data)).toMatch(/CbfsChainError: VOLUME_EXISTS/);
    expect(text(stolen!.return_data)).toMatch(/CbfsChainError: NOT_OWNER/);

    const [granted] = c.block([c.callTx(0, owner, "grant", [root, addressOf(9)], LIMITS)]);
    expect(granted!.status, text(granted!.return_data)).toBe(ReceiptStatus.Success);
    const [from, to] = (decodeCbor(granted!.return_data) as CborTuple).items as bigint[];
    expect(to! - from!).toBe(50n);
    expect(getDelegation(c.store.fork(), root, addressOf(9))).toEqual({ rights: 9, notBefore: from, notAfter: to });
    const [revoked] = c.block([c.callTx(0, owner, "revoke", [root, addressOf(9)], LIMITS)]);
    expect(revoked!.status, text(revoked!.return_data)).toBe(ReceiptStatus.Success);
    expect(getDelegation(c.store.fork(), root, addressOf(9))).toBeUndefined();

    // A job naming its own volume and a stranger's: the drawn runners get read on the first only.
    const [posted] = c.block([c.callTx(0, owner, "job", [[root, foreign]], LIMITS)]);
    expect(posted!.status, text(posted!.return_data)).toBe(ReceiptStatus.Success);
    const id = decodeCbor(posted!.return_data) as Uint8Array;
    let job = getJob(c.store.fork(), id)!;
    for (let n = 0; n < 8 && job.status !== "selected"; n++) {
      c.block([]);
      job = getJob(c.store.fork(), id)!;
    }
    expect(job.status).toBe("selected");
    expect(job.committee).toHaveLength(2);
    for (const runner of job.committee) {
      expect(getDelegation(c.store.fork(), root, runner)).toEqual({ rights: 1, notBefore: job.selectedAt, notAfter: job.selectedAt + 3n + 4n + 3n });
      expect(getDelegation(c.store.fork(), foreign, runner)).toBeUndefined();
    }
  });

  it("a malformed native call fails with its exact error line and moves no value", () => {
    const RAW = `from cowboy_sdk import actor
import pvm_host as _h

@actor
class Raw:
    def call(self, to, method, payload, value):
        ok, out = _h.call_actor(to, method, payload, value)
        return [ok, out]
`;
    const c = new ActorChain(params);
    const raw = deployFunded(c, RAW, 10n * CBY);
    const cases: [Uint8Array, string, Uint8Array, bigint, string][] = [
      [STORAGE_MANAGER_ADDRESS, "anchor", new Uint8Array([0xff]), 0n, "CbfsChainError: INVALID_VOLUME: anchor: arguments: "],
      [STORAGE_MANAGER_ADDRESS, "delegate", encodeCbor([1n, 2n]), 0n, "CbfsChainError: INVALID_VOLUME: delegate: expected 4 positional arguments"],
      [STORAGE_MANAGER_ADDRESS, "anchor", encodeCbor([]), 5n, "CbfsChainError: INVALID_VOLUME: anchor takes no value"],
      [STORAGE_MANAGER_ADDRESS, "erase", encodeCbor([]), 0n, "CbfsChainError: INVALID_VOLUME: the Storage Manager has no method erase"],
      [JOB_DISPATCHER_ADDRESS, "submit", encodeCbor([1n, 2n]), 0n, "RunnerMarketError: INVALID_ARGUMENT: arguments: expected one positional argument"],
      [JOB_DISPATCHER_ADDRESS, "cancel", encodeCbor([null]), 0n, "RunnerMarketError: INVALID_ARGUMENT: the Job Dispatcher has no method cancel"],
    ];
    for (const [to, method, payload, value, line] of cases) {
      const held = c.account(raw).balance;
      const [r] = c.block([c.callTx(0, raw, "call", [to, method, payload, value], LIMITS)]);
      expect(r!.status, text(r!.return_data)).toBe(ReceiptStatus.Success);
      const v = decodeCbor(r!.return_data);
      const [ok, out] = Array.isArray(v) ? v : (v as CborTuple).items;
      expect(ok).toBe(false);
      expect(String(out).startsWith(line), String(out)).toBe(true);
      expect(c.account(raw).balance).toBe(held);
    }
    expect(getVolume(c.store.fork(), new Uint8Array(32))).toBeUndefined();
  });
});
