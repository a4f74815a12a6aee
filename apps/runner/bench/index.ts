// `pnpm bench` for the runner process (issue 22): blocks and wall time from submit to continuation for one http job
// with a committee of 3 and of 9 runners (a devnet at 100 ms blocks, whose runner market has a 5-block challenge
// window). The 3-runner run is the baseline; the 9-runner run is printed as a ratio to it.
import { type Market, runPriceJob, startMarket } from "../test/utils/market-harness.js";

async function measure(runners: number): Promise<{ blocks: bigint; wallMs: number; status: string }> {
  let market: Market | undefined;
  try {
    market = await startMarket({ runners, blockTimeMs: 100 });
    const r = await runPriceJob(market, { runners, quorum: Math.ceil((2 * runners) / 3) });
    return { blocks: r.blocks, wallMs: r.wallMs, status: r.seen[1] };
  } finally {
    await market?.close();
  }
}

const base = await measure(3);
console.log(`http job, 3 runners (baseline): ${base.status}, ${base.blocks} blocks, ${(base.wallMs / 1000).toFixed(1)} s submit → continuation`);
const nine = await measure(9);
console.log(
  `http job, 9 runners: ${nine.status}, ${nine.blocks} blocks (${(Number(nine.blocks) / Number(base.blocks)).toFixed(3)}× baseline), ${(nine.wallMs / 1000).toFixed(1)} s (${(nine.wallMs / base.wallMs).toFixed(3)}× baseline)`,
);
