// The validator's share store (cips/staking.md "Validator duties"): shares saved survive a reopen, a
// record finds the share matching its share key at this validator's place (also for a carried record
// of another epoch), a non-member or a wrong share finds none, and a damaged file is refused by name.
import { mkdtempSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dealShares } from "@cowboy/crypto";
import { GroupKeyOutcome, type EpochGroupKey } from "@cowboy/staking";
import { afterAll, describe, expect, it } from "vitest";
import { ShareStore } from "../../src/validator/shareStore.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-share-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const addr = (i: number) => new Uint8Array(20).fill(i);

describe("ShareStore", () => {
  const genesis = dealShares(new Uint8Array(32).fill(1), 2, 3, new Uint8Array(32).fill(2));
  const next = dealShares(new Uint8Array(32).fill(3), 2, 3, new Uint8Array(32).fill(4));
  const record = (epoch: bigint, d: typeof genesis, members: Uint8Array[]): EpochGroupKey => ({
    epoch,
    outcome: GroupKeyOutcome.Ok,
    threshold: 2n,
    commitments: d.commitments,
    members,
    dealings: 2n,
  });

  it("keeps saved shares across a reopen and matches them to records by share key", () => {
    const home = join(dir, "a");
    const store = new ShareStore(home, genesis.shares[1]!);
    expect(store.shareFor(record(0n, genesis, [addr(1), addr(2), addr(3)]), addr(2))?.index).toBe(2);
    // Epoch 4's key: this validator is member 3 of a new ordering.
    store.save(4n, next.shares[2]!);
    expect(statSync(join(home, "shares", "epoch-4.json")).mode & 0o777).toBe(0o600);
    const reopened = new ShareStore(home, genesis.shares[1]!);
    expect(reopened.has(4n)).toBe(true);
    const members = [addr(9), addr(1), addr(2)];
    expect(reopened.shareFor(record(4n, next, members), addr(2))?.secretKey).toEqual(next.shares[2]!.secretKey);
    // A failed record of epoch 5 carries epoch 4's key: the same share answers.
    expect(reopened.shareFor({ ...record(5n, next, members), outcome: GroupKeyOutcome.Failed, dealings: 0n }, addr(2))?.index).toBe(3);
    // Not a member; or a member whose kept shares do not match the commitments.
    expect(reopened.shareFor(record(4n, next, members), addr(7))).toBeUndefined();
    expect(reopened.shareFor(record(4n, next, [addr(2), addr(1), addr(9)]), addr(2))).toBeUndefined();
  });

  it("refuses a damaged share file, naming it", () => {
    const home = join(dir, "b");
    mkdirSync(join(home, "shares"), { recursive: true });
    writeFileSync(join(home, "shares", "epoch-2.json"), '{"epoch":"2","index":1,"secret_key":"0x12"}');
    expect(() => new ShareStore(home, genesis.shares[0]!)).toThrow(/epoch-2\.json/);
  });
});
