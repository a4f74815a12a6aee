// The committee epoch (cips/runner-market.md "Selection"): one record per 10-block epoch here, the EMA of HHI with
// α = 0.25, M from it for every selection of the epoch, today's computation before the first record.
import { encodeCbor, toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { currentCommitteeSize, getCommitteeEpoch } from "../../src/committee.js";
import { RunnerMarketError } from "../../src/errors.js";
import { getJob } from "../../src/job.js";
import { committeeEpochKey } from "../../src/keys.js";
import { postJob, selectCommittee } from "../../src/post.js";
import { registerRunner } from "../../src/runner.js";
import { processJobs } from "../../src/step.js";
import { CBY, World, addr, declaration, httpRequest, testConfig } from "../utils/fixture.js";

const poster = addr(200);

function world(): World {
  const w = new World(testConfig({ committeeEpochBlocks: 10n }));
  w.fund(poster, 1_000n * CBY);
  return w;
}

function register(w: World, n: number, stake: bigint): void {
  w.fund(addr(n), stake);
  registerRunner(w.ctx(), addr(n), stake, declaration());
}

/** Steps block by block up to `height` (inclusive). */
function stepTo(w: World, height: bigint): void {
  while (w.height < height) {
    w.height++;
    processJobs(w.ctx());
  }
}

/** "CODE: message" of the RunnerMarketError `f` throws. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    if (error instanceof RunnerMarketError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return "accepted";
}

const sized = (extra: Record<string, bigint> = {}) => httpRequest({ runners: 0n, quorum: 0n, ...extra });

describe("the committee epoch", () => {
  it("writes one record per epoch with the EMA of HHI and sizes every committee of the epoch from it", () => {
    const w = world();
    register(w, 1, 1_000n * CBY);
    register(w, 2, 100n * CBY);
    processJobs(w.ctx());
    // HHI = (1000² + 100²)·10⁶ / 1100² = 834,710; M = ⌈2·log₂2 / 0.834710⌉ = 3.
    expect(getCommitteeEpoch(w.state)).toEqual({ epoch: 0n, hhiEmaMicros: 834_710n, nActive: 2n, m: 3n });

    // Two more runners within epoch 0: the stakes now would give HHI 313,215 and M 13 (capped at 4 eligible);
    // the epoch keeps its M = 3.
    w.height = 5n;
    register(w, 3, 1_000n * CBY);
    register(w, 4, 1_000n * CBY);
    processJobs(w.ctx());
    expect(getCommitteeEpoch(w.state)!.m).toBe(3n);
    const job = postJob(w.ctx(), { poster, posterIsActor: true, request: sized(), maxPrice: CBY });
    const asked = postJob(w.ctx(), { poster, posterIsActor: true, request: sized({ runners: 4n, quorum: 3n }), maxPrice: CBY });
    stepTo(w, 8n);
    expect(getJob(w.state, job.id)!.committee).toHaveLength(3);
    expect(getJob(w.state, job.id)!.quorumNeeded).toBe(2n);
    // An explicit size still wins.
    expect(getJob(w.state, asked.id)!.committee).toHaveLength(4);

    // Epoch 1: EMA = (2500·313,215 + 7500·834,710) / 10⁴ = 704,336; M = ⌈2·log₂4 / 0.704336⌉ = 6.
    stepTo(w, 10n);
    expect(getCommitteeEpoch(w.state)).toEqual({ epoch: 1n, hhiEmaMicros: 704_336n, nActive: 4n, m: 6n });
    expect(currentCommitteeSize(w.ctx())).toBe(6n);

    // Epochs 2 and 3 without a step: the next step (epoch 3) folds the HHI in once.
    w.height = 35n;
    processJobs(w.ctx());
    expect(getCommitteeEpoch(w.state)).toEqual({ epoch: 3n, hhiEmaMicros: 606_555n, nActive: 4n, m: 7n });
    expect(toHex(w.state.get(committeeEpochKey())!)).toBe(
      toHex(
        encodeCbor(
          new Map([
            ["epoch", 3n],
            ["hhi_ema", 606_555n],
            ["n_active", 4n],
            ["m", 7n],
          ]),
        ),
      ),
    );
  });

  it("has no record before a step with an active runner, and sizes from the stakes at selection meanwhile", () => {
    const w = world();
    processJobs(w.ctx());
    expect(w.state.get(committeeEpochKey())).toBeUndefined();
    for (const n of [1, 2, 3, 4]) register(w, n, 100n * CBY);
    // Four equal stakes: HHI 250,000, M = ⌈2·2 / 0.25⌉ = 16 → 9, capped at the 4 eligible.
    expect(currentCommitteeSize(w.ctx())).toBe(9n);
    const job = postJob(w.ctx(), { poster, posterIsActor: true, request: sized(), maxPrice: CBY });
    expect(selectCommittee(w.ctx(), job)!.committee).toHaveLength(4);
    expect(getCommitteeEpoch(w.state)).toBeUndefined();
    // A record of an older epoch is not used either: at height 20 (epoch 2, no step yet) with a 10,000 CBY runner
    // joined, HHI = 924,926 and M = ⌈2·log₂5 / 0.924926⌉ = 6 from the stakes now (the epoch-0 record says 9).
    processJobs(w.ctx());
    expect(getCommitteeEpoch(w.state)).toEqual({ epoch: 0n, hhiEmaMicros: 250_000n, nActive: 4n, m: 9n });
    w.height = 20n;
    register(w, 5, 10_000n * CBY);
    expect(currentCommitteeSize(w.ctx())).toBe(6n);
  });

  it("refuses bad parameters and a corrupt record", () => {
    expect(refusal(() => testConfig({ committeeEpochBlocks: 0n }))).toBe("INVALID_CONFIG: committeeEpochBlocks: expected a bigint in [1, 4294967296], got 0");
    expect(refusal(() => testConfig({ hhiEmaWeightBps: 0n }))).toBe("INVALID_CONFIG: hhiEmaWeightBps: expected a bigint in [1, 10000], got 0");
    expect(refusal(() => testConfig({ hhiEmaWeightBps: 10_001n }))).toBe("INVALID_CONFIG: hhiEmaWeightBps: expected a bigint in [1, 10000], got 10001");
    const w = world();
    w.state.set(committeeEpochKey(), encodeCbor(new Map([["epoch", 1n]])));
    expect(refusal(() => getCommitteeEpoch(w.state))).toBe("CORRUPT_STATE: committee epoch: missing hhi_ema");
  });
});
