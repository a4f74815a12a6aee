// Peer scoring (scoring.ts): penalties, recovery over time, the block threshold, the flood buckets.
import { describe, expect, it } from "vitest";
import { DEFAULT_SCORING, PeerScores } from "../../src/index.js";

const peer = "aa".repeat(32);

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("PeerScores", () => {
  it("subtracts each offence's penalty and reports the threshold", () => {
    const t = clock();
    const scores = new PeerScores(DEFAULT_SCORING, t.now);
    expect(scores.score(peer)).toBe(0);
    expect(scores.penalise(peer, "UNAUTHORIZED_CHANNEL")).toBe(false);
    expect(scores.score(peer)).toBe(-10);
    for (let i = 0; i < 8; i++) expect(scores.penalise(peer, "GOSSIP_REJECTED")).toBe(false);
    expect(scores.score(peer)).toBe(-90);
    expect(scores.penalise(peer, "FLOOD")).toBe(false);
    expect(scores.penalise(peer, "UNAUTHORIZED_CHANNEL")).toBe(true);
    expect(scores.score(peer)).toBe(-101);
  });

  it("blocks on the first oversize frame by default", () => {
    const scores = new PeerScores(DEFAULT_SCORING, clock().now);
    expect(scores.penalise(peer, "OVERSIZE_FRAME")).toBe(true);
  });

  it("recovers recoveryPerSecond points per second, never above 0", () => {
    const t = clock();
    const scores = new PeerScores({ ...DEFAULT_SCORING, recoveryPerSecond: 2 }, t.now);
    scores.penalise(peer, "UNAUTHORIZED_CHANNEL");
    t.advance(2_500);
    expect(scores.score(peer)).toBe(-5);
    t.advance(60_000);
    expect(scores.score(peer)).toBe(0);
    // a recovered peer starts from 0 again, not from a credit
    expect(scores.penalise(peer, "UNAUTHORIZED_CHANNEL")).toBe(false);
    expect(scores.score(peer)).toBe(-10);
  });

  it("admits a burst of twice the message rate, then refills at the rate", () => {
    const t = clock();
    const scores = new PeerScores({ ...DEFAULT_SCORING, messagesPerSecond: 10 }, t.now);
    let admitted = 0;
    for (let i = 0; i < 50; i++) if (scores.admit(peer, 1)) admitted++;
    expect(admitted).toBe(20);
    t.advance(500);
    admitted = 0;
    for (let i = 0; i < 50; i++) if (scores.admit(peer, 1)) admitted++;
    expect(admitted).toBe(5);
  });

  it("bounds bytes per second the same way", () => {
    const t = clock();
    const scores = new PeerScores({ ...DEFAULT_SCORING, bytesPerSecond: 1000 }, t.now);
    expect(scores.admit(peer, 1500)).toBe(true);
    expect(scores.admit(peer, 600)).toBe(false);
    expect(scores.admit(peer, 500)).toBe(true);
    t.advance(1000);
    expect(scores.admit(peer, 1000)).toBe(true);
    expect(scores.admit(peer, 1)).toBe(false);
  });

  it("prune forgets recovered peers that are gone, keeps penalised or connected ones", () => {
    const t = clock();
    const scores = new PeerScores(DEFAULT_SCORING, t.now);
    const other = "bb".repeat(32);
    scores.penalise(peer, "FLOOD");
    scores.penalise(other, "UNAUTHORIZED_CHANNEL");
    t.advance(1_000);
    scores.prune(() => false);
    expect(scores.score(peer)).toBe(0);
    expect(scores.score(other)).toBe(-9);
  });
});
