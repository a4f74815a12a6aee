import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CowboyError } from "@cowboy/codec";
import { U64_MAX, effectiveTip, feeFieldsOf, precharge, settle } from "../../src/index.js";
import { big } from "../utils/vectors.js";
import { readVector } from "@cowboy/checks/vectors";

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    // FeeMarketError for the fee market's own rules, @cowboy/codec's ArgumentError for bad arguments.
    expect(e).toBeInstanceOf(CowboyError);
    return (e as CowboyError).code;
  }
  return undefined;
}

describe("settle", () => {
  it("reproduces every settlement vector, totals and per meter, and every refusal code", () => {
    const { cases } = readVector<any>("fee-market/settlement.json");
    expect(cases.length).toBe(63);
    for (const raw of cases) {
      const c = big(raw);
      if (c.error) {
        expect(codeOf(() => settle(c.usage, c.limits, c.basefees, c.bids))).toBe(c.error);
        continue;
      }
      const r = settle(c.usage, c.limits, c.basefees, c.bids);
      const meter = (m: typeof r.cycle) => ({ paid: m.paid, burned: m.burned, tipped: m.tipped, refund: m.refund, tip_per_unit: m.tipPerUnit });
      expect({ paid: r.paid, burned: r.burned, tipped: r.tipped, refund: r.refund, cycle: meter(r.cycle), cell: meter(r.cell) }).toEqual(c.expect);
    }
  });

  it("implements §2.3 on a worked example", () => {
    // basefee 10,000, max fee 10,003, tip 5 → effective tip 3; 50 of 100 Cycles used, no Cells.
    const r = settle(
      { cycles: 50n, cells: 0n },
      { cycles: 100n, cells: 10n },
      { cycle: 10_000n, cell: 20_000n },
      {
        cycle: { maxFee: 10_003n, maxPriorityFee: 5n },
        cell: { maxFee: 20_000n, maxPriorityFee: 9n },
      },
    );
    expect(r.cycle).toEqual({ paid: 500_150n, burned: 500_000n, tipped: 150n, refund: 500_150n, tipPerUnit: 3n });
    expect(r.cell).toEqual({ paid: 0n, burned: 0n, tipped: 0n, refund: 200_000n, tipPerUnit: 0n });
    expect([r.paid, r.burned, r.tipped, r.refund]).toEqual([500_150n, 500_000n, 150n, 700_150n]);
  });

  it("conserves value: paid + refund = precharge, burned + tipped = paid, nothing negative, per meter and in total", () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 8n });
    fc.assert(
      fc.property(amount, amount, amount, amount, amount, amount, amount, amount, amount, amount, (lc, lb, uc, ub, bc, bb, xc, xb, tc, tb) => {
        const limits = { cycles: lc, cells: lb };
        const usage = { cycles: lc === 0n ? 0n : uc % (lc + 1n), cells: lb === 0n ? 0n : ub % (lb + 1n) };
        const bids = { cycle: { maxFee: bc + xc, maxPriorityFee: tc }, cell: { maxFee: bb + xb, maxPriorityFee: tb } };
        const r = settle(usage, limits, { cycle: bc, cell: bb }, bids);
        expect(r.paid + r.refund).toBe(precharge(limits, bids));
        expect(r.burned + r.tipped).toBe(r.paid);
        for (const m of [r, r.cycle, r.cell]) expect(m.refund >= 0n && m.tipped >= 0n && m.burned >= 0n && m.paid >= 0n).toBe(true);
        expect(r.cycle.paid + r.cycle.refund).toBe(lc * (bc + xc));
        expect(r.burned).toBe(usage.cycles * bc + usage.cells * bb);
        expect(r.cycle.tipPerUnit).toBe(tc < xc ? tc : xc);
      }),
      { numRuns: 1_000 },
    );
  });

  it("refuses a max fee below the basefee, usage above a limit, a precharge beyond u64, and non-u64 inputs", () => {
    const ok = { maxFee: 10n, maxPriorityFee: 0n };
    const low = { maxFee: 9n, maxPriorityFee: 0n };
    const one = { cycles: 1n, cells: 1n };
    const base = { cycle: 10n, cell: 10n };
    expect(codeOf(() => settle(one, one, base, { cycle: low, cell: ok }))).toBe("FEE_BELOW_BASEFEE");
    expect(codeOf(() => settle(one, one, base, { cycle: ok, cell: low }))).toBe("FEE_BELOW_BASEFEE");
    expect(codeOf(() => settle({ cycles: 2n, cells: 0n }, one, base, { cycle: ok, cell: ok }))).toBe("USAGE_EXCEEDS_LIMIT");
    expect(codeOf(() => settle(one, { cycles: U64_MAX, cells: 1n }, base, { cycle: ok, cell: ok }))).toBe("AMOUNT_OVERFLOW");
    expect(codeOf(() => settle({ cycles: -1n, cells: 0n }, one, base, { cycle: ok, cell: ok }))).toBe("INVALID_ARGUMENT");
    expect(() => settle(one, one, base, { cycle: { maxFee: 10n, maxPriorityFee: -1n }, cell: ok })).toThrow(/bids.cycle.maxPriorityFee must be a u64/);
    expect(codeOf(() => settle(null as never, one, base, { cycle: ok, cell: ok }))).toBe("INVALID_ARGUMENT");
    expect(() => settle(one, one, base, undefined as never)).toThrow(/bids must be an object/);
  });
});

describe("effectiveTip / precharge / feeFieldsOf", () => {
  it("caps the tip by the headroom over the basefee", () => {
    expect(effectiveTip({ maxFee: 15n, maxPriorityFee: 2n }, 10n)).toBe(2n);
    expect(effectiveTip({ maxFee: 15n, maxPriorityFee: 9n }, 10n)).toBe(5n);
    expect(effectiveTip({ maxFee: 10n, maxPriorityFee: 9n }, 10n)).toBe(0n);
    expect(() => effectiveTip({ maxFee: 9n, maxPriorityFee: 0n }, 10n)).toThrow(/below the unit basefee 10/);
  });

  it("reads a transaction's fee fields", () => {
    const f = feeFieldsOf({ cyclesLimit: 7n, cellsLimit: 3n, maxFeePerCycle: 11n, maxFeePerCell: 13n, maxPriorityFeePerCycle: 1n, maxPriorityFeePerCell: 2n });
    expect(f).toEqual({ limits: { cycles: 7n, cells: 3n }, bids: { cycle: { maxFee: 11n, maxPriorityFee: 1n }, cell: { maxFee: 13n, maxPriorityFee: 2n } } });
    expect(precharge(f.limits, f.bids)).toBe(7n * 11n + 3n * 13n);
  });
});
