// The validators' reshare duties on a real chain (cips/staking.md "Validator duties"): four validators
// sharing one pool deal in every window, each epoch's key is recorded ok with every dealing combined and
// the same group public key, each validator derives and keeps its share (matching the record's share key),
// and a node reopening its data directory finds them.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { equalBytes, toHex } from "@cowboy/codec";
import { bls, sharePublicKey } from "@cowboy/crypto";
import { defaultChainParams } from "@cowboy/execution";
import { epochGroupKey, GroupKeyOutcome } from "@cowboy/staking";
import { accountKey, LmdbBackend, StateStore } from "@cowboy/state";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { Chain } from "../../src/chain/chain.js";
import { DEV_VALIDATOR_STAKE, devnetGenesis, type ChainGenesis } from "../../src/chain/genesis.js";
import { devnetStaking, LOCAL_VALIDATOR_ALLOWANCE, withStaking } from "../../src/chain/staking-genesis.js";
import { createLogger } from "../../src/logger.js";
import { Mempool } from "../../src/mempool/mempool.js";
import { generateValidatorSet } from "../../src/validator/keys.js";
import { ReshareAgent } from "../../src/validator/reshareAgent.js";
import { ShareStore } from "../../src/validator/shareStore.js";
import { dutySubmitter } from "../../src/validator/submitDuty.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-reshare-agent-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("ReshareAgent on a chain", () => {
  it("four validators reshare every epoch and keep their shares", { timeout: 240_000 }, async () => {
    const { genesis: consensus, keys } = generateValidatorSet(4, new Uint8Array(32).fill(0x5a), DEV_VALIDATOR_STAKE);
    const dev = devnetGenesis();
    const staking = devnetStaking(5n);
    const genesis: ChainGenesis = withStaking({ ...dev, consensus }, staking, LOCAL_VALIDATOR_ALLOWANCE);
    const params = { ...defaultChainParams(genesis.chainId, accountKey), staking };
    const blocks = BlockStore.open(join(dir, "blocks"));
    const state = StateStore.open(LmdbBackend.open(join(dir, "state")));
    const chain = Chain.open(params, blocks, state, genesis);
    const mempool = new Mempool({ params });
    const warnings: string[] = [];
    const logger = createLogger({ level: "warn", format: "text", write: (line) => warnings.push(line) });
    const homes = keys.map((_, i) => join(dir, `v${i}`));
    const agents = keys.map(
      (k, i) =>
        new ReshareAgent({
          keys: k,
          chainId: genesis.chainId,
          shares: new ShareStore(homes[i]!, k.share),
          logger,
          submit: (ins) => void dutySubmitter({ chain, mempool, keys: k, gossip: () => undefined })(ins),
        }),
    );
    const after = (height: bigint) => {
      for (const a of agents) a.afterCommit(state.fork(), staking, height);
    };
    after(0n);
    for (let h = 1n; h <= 16n; h++) {
      const produced = chain.produce(mempool.candidates(chain.accounts), keys[0]!.address, genesis.config.timestampMs + h * 1_000n);
      for (const r of produced.receipts) expect(r.status).toBe(0);
      mempool.reset(chain.accounts, { included: produced.block.transactions, skipped: produced.skipped });
      after(h);
    }
    expect(warnings).toEqual([]);
    const read = state.fork();
    for (const e of [1n, 2n, 3n]) {
      const record = epochGroupKey(read, e);
      expect(record?.outcome).toBe(GroupKeyOutcome.Ok);
      // A reshare combines the t_old = 3 lowest-indexed qualified dealings (cips/staking.md "Reshare").
      expect(record?.dealings).toBe(3n);
      expect(record?.threshold).toBe(3n);
      expect(toHex(record!.commitments[0]!)).toBe(toHex(consensus.groupPublicKey));
      // Each validator kept a share of this epoch's key, on disk (0600), matching the record's share key.
      keys.forEach((k, i) => {
        const reopened = new ShareStore(homes[i]!, k.share);
        expect(reopened.has(e)).toBe(true);
        const share = reopened.shareFor(record!, k.address)!;
        const j = record!.members.findIndex((m) => equalBytes(m, k.address)) + 1;
        expect(share.index).toBe(j);
        expect(toHex(bls.getPublicKey(share.secretKey))).toBe(toHex(sharePublicKey(record!.commitments, j)));
        expect(statSync(join(homes[i]!, "shares", `epoch-${e}.json`)).mode & 0o777).toBe(0o600);
      });
    }
    // The genesis shares do not open epoch 3's key (a reshare gives new shares).
    const record3 = epochGroupKey(read, 3n)!;
    const genesisOnly = new ShareStore(join(dir, "nobody"), keys[0]!.share);
    expect(genesisOnly.shareFor(record3, keys[0]!.address)).toBeUndefined();
    await blocks.close();
    await state.close();
  });
});
