// The per-height records a CBSS slash is judged on (cips/runner-market.md "Provides history"; cips/cbss.md §11):
// register and update append the runner's provides with their height; a job records the height its committee was drawn.
import { encodeCapabilities } from "../../src/capabilities.js";
import { describe, expect, it } from "vitest";
import { PROVIDES_HISTORY, getProvidesHistory, recordProvides } from "../../src/history.js";
import { getJob } from "../../src/job.js";
import { postJob } from "../../src/post.js";
import { registerRunner, updateRunner } from "../../src/runner.js";
import { processJobs } from "../../src/step.js";
import { CBY, World, addr, declaration, httpRequest } from "../utils/fixture.js";

describe("provides history and selected_at", () => {
  it("register and update append (height, provides), sorted; a second entry at one height replaces the first", () => {
    const w = new World();
    const r = addr(1);
    w.fund(r, 1_000n * CBY);
    w.height = 5n;
    registerRunner(w.ctx(), r, 200n * CBY, declaration());
    w.height = 9n;
    updateRunner(w.ctx(), r, { ...declaration(), capabilities: encodeCapabilities({ provides: ["secret.read", "net.http"], jobKinds: ["http"] }) });
    expect(getProvidesHistory(w.state, r)).toEqual({
      since: 0n,
      entries: [
        { height: 5n, provides: ["net.http"] },
        { height: 9n, provides: ["net.http", "secret.read"] },
      ],
    });
    updateRunner(w.ctx(), r, declaration());
    expect(getProvidesHistory(w.state, r).entries).toEqual([
      { height: 5n, provides: ["net.http"] },
      { height: 9n, provides: ["net.http"] },
    ]);
    expect(getProvidesHistory(w.state, addr(2))).toEqual({ since: 0n, entries: [] });
  });

  it(`keeps the last ${PROVIDES_HISTORY} entries and says from where it still knows`, () => {
    const w = new World();
    const r = addr(3);
    for (let h = 1n; h <= BigInt(PROVIDES_HISTORY) + 3n; h++) recordProvides(w.state, r, h * 10n, [`p${h}`]);
    const hist = getProvidesHistory(w.state, r);
    expect(hist.entries).toHaveLength(PROVIDES_HISTORY);
    expect(hist.since).toBe(40n);
    expect(hist.entries[0]).toEqual({ height: 40n, provides: ["p4"] });
  });

  it("a job records 0 while pending and the height its committee was drawn", () => {
    const w = new World();
    const poster = addr(200);
    w.fund(poster, 1_000n * CBY);
    for (const i of [1, 2, 3]) {
      w.fund(addr(i), 1_000n * CBY);
      registerRunner(w.ctx(), addr(i), 200n * CBY, declaration());
    }
    const job = postJob(w.ctx(), { poster, posterIsActor: false, request: httpRequest(), maxPrice: 10n * CBY });
    expect(getJob(w.state, job.id)!.selectedAt).toBe(0n);
    let drawnAt = 0n;
    for (let i = 0; i < 5 && getJob(w.state, job.id)!.status === "pending"; i++) {
      w.height++;
      processJobs(w.ctx());
      drawnAt = w.height;
    }
    const selected = getJob(w.state, job.id)!;
    expect(selected.status).toBe("selected");
    expect(selected.selectedAt).toBe(drawnAt);
    expect(selected.postedAt).toBeLessThan(drawnAt);
  });
});
