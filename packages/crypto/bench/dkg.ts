// Reshare cost per validator (cips/crypto.md "DKG and reshare"; issue 21 "The reshare's cost"): time to
// deal, and to open + verify every dealing and combine the new share, for n = 4, 10, 25 with the BFT
// threshold t = n − ⌊(n−1)/3⌋, as multiples of one BLS signature verification measured in this run.
import { measure, printTable, type BenchOptions } from "@cowboy/bench-harness";
import { type Bls, combineCommitments, combineShare, createDealing, dealShares, encodeDealing, openShare } from "../src/index.js";

const options: BenchOptions = { samples: 3, sampleMs: 300, warmupMs: 50 };

export function dkgBench(bls: Bls, seeded: (label: string, n: number) => Uint8Array, blsKey: (i: number) => Uint8Array): void {
  const message = seeded("dkg bench message", 32);
  const key = blsKey(1);
  const pk = bls.getPublicKey(key);
  const sig = bls.sign(message, key);
  const verify = measure({ name: `BLS verify (${bls.name})`, fn: () => bls.verify(sig, message, pk) }, options);
  const rows: string[][] = [["n", "t", "dealing bytes", "deal (ms)", "deal / verify", "open n + combine (ms)", "open+combine / verify"]];
  for (const n of [4, 10, 25]) {
    const t = n - Math.floor((n - 1) / 3);
    const old = dealShares(blsKey(2000 + n), t, n, seeded(`old ${n}`, 32));
    const keys = Array.from({ length: n }, (_, i) => blsKey(3000 + 100 * n + i));
    const recipients = keys.map((k) => bls.getPublicKey(k));
    const context = seeded(`context ${n}`, 32);
    const dealings = old.shares.map((s) => createDealing({ context, dealer: s.index, secret: s.secretKey, threshold: t, recipients, seed: seeded(`seed ${n} ${s.index}`, 32) }));
    const first = old.shares[0] as (typeof old.shares)[number];
    const deal = measure({ name: "deal", fn: () => createDealing({ context, dealer: 1, secret: first.secretKey, threshold: t, recipients, seed: seeded("s", 32) }) }, options);
    const open = measure(
      {
        name: "open+combine",
        fn: () => {
          const combined = combineCommitments({ kind: "reshare", dealings, required: t });
          const byDealer = new Map<number, bigint>();
          for (const d of dealings) {
            const o = openShare({ dealing: d, context, recipient: 1, secretKey: keys[0] as Uint8Array });
            if (o.ok) byDealer.set(d.dealer, o.share);
          }
          return combineShare(combined, 1, byDealer);
        },
      },
      options,
    );
    rows.push([
      String(n),
      String(t),
      String(encodeDealing(dealings[0] as (typeof dealings)[number]).length),
      (deal.nsPerOp / 1e6).toFixed(1),
      (deal.nsPerOp / verify.nsPerOp).toFixed(1),
      (open.nsPerOp / 1e6).toFixed(1),
      (open.nsPerOp / verify.nsPerOp).toFixed(1),
    ]);
  }
  printTable(`reshare per validator, in units of one BLS verify (${bls.name}, ${(verify.nsPerOp / 1e6).toFixed(2)} ms)`, rows);
}
