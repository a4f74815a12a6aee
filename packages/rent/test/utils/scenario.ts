// A scripted rent lifecycle on the Map-backed fixture: one actor, its storage, a balance, then one
// block per rent epoch; the state after each is what test-vectors/rent/lifecycle.json pins.
import { toHex } from "@cowboy/codec";
import { ensureTracked, getRentRecord, processRent, RENT_STATUS_NAMES, rentRecordKey as rentRecordKeyOf, type RentConfig } from "../../src/index.js";
import { addr, BASE_QUOTA, TREASURY, World } from "./fixture.js";

export interface Scenario {
  readonly config: Record<string, string>;
  /** Value lengths of the actor's entries (slots "s0", "s1", …). */
  readonly values: number[];
  readonly balance: string;
  readonly epochs: number;
}

export interface EpochState {
  readonly epoch: number;
  readonly status: string;
  readonly balance: string;
  readonly treasury: string;
  readonly debt: { epoch: string; rate: string; amount: string }[];
  readonly notices: string[];
  readonly record: string;
}

export const configOf = (s: Scenario): RentConfig => Object.fromEntries(Object.entries(s.config).map(([k, v]) => [k, BigInt(v)])) as unknown as RentConfig;

export function replay(s: Scenario): EpochState[] {
  const config = configOf(s);
  const actor = addr(0xaa);
  const w = new World();
  w.isActor = () => true;
  ensureTracked(w, actor, config, 0n, BASE_QUOTA);
  s.values.forEach((len, i) => {
    w.write(actor, new TextEncoder().encode(`s${i}`), new Uint8Array(len).fill(i), 1n, config);
  });
  w.credit(actor, BigInt(s.balance));
  const out: EpochState[] = [];
  for (let e = 1; e <= s.epochs; e++) {
    const report = processRent(w.ctx(BigInt(e) * config.epochLength, config), () => 0);
    const r = getRentRecord(w, actor)!;
    out.push({
      epoch: e,
      status: RENT_STATUS_NAMES[r.status],
      balance: w.balanceOf(actor).toString(),
      treasury: w.balanceOf(TREASURY).toString(),
      debt: r.debt.map((d) => ({ epoch: d.epoch.toString(), rate: d.rate.toString(), amount: d.amount.toString() })),
      notices: report.notices.map((n) => `${n.kind}:${n.epochsLeft}:${n.debt}`),
      record: toHex(w.get(rentRecordKeyOf(actor))!),
    });
  }
  return out;
}
