// Home (issue 26): head and finalized heights, block time, the next basefees with a chart of the last blocks', lane
// usage per block as stacked bars, mempool size, validators online, the latest blocks and transactions; kept live by
// the node's newHeads subscription.
import type { FullBlock } from "@cowboy/client";
import { h, replace, section, table } from "../dom.js";
import { LANES, laneBars, lineChart } from "../charts.js";
import { addressLink, ago, blockLink, count, hex, short, txLink } from "../format.js";
import type { PageContext } from "../page.js";

/** How many recent blocks the charts and the list show. */
const RECENT = 30;
/** Milliseconds between attempts to restore the live subscription. */
const RECONNECT_MS = 3_000;

export async function homePage(ctx: PageContext): Promise<void> {
  const { client, root } = ctx;
  const stats = h("div", { class: "stats", "data-testid": "stats" });
  const charts = h("div", { class: "charts" });
  const blocksList = h("div", {});
  const txList = h("div", {});
  const live = h("span", { class: "live", "data-testid": "live" }, "connecting…");
  root.append(h("h1", {}, "Overview ", live), stats, charts, section("Latest blocks", "latest-blocks", blocksList), section("Latest transactions", "latest-transactions", txList));

  const head = await client.getHead();
  const from = head.height >= BigInt(RECENT - 1) ? head.height - BigInt(RECENT - 1) : 0n;
  const heights: bigint[] = [];
  for (let height = from; height <= head.height; height++) heights.push(height);
  const blocks: FullBlock[] = (await Promise.all(heights.map((height) => client.getFullBlock(height)))).filter((b): b is FullBlock => b !== null);

  const draw = async (): Promise<void> => {
    const [consensus, validators, pending, basefees] = await Promise.all([client.getConsensus(), client.getValidators(), client.getPendingCount(), client.getBasefees()]);
    if (!ctx.active()) return;
    const last = blocks[blocks.length - 1]!;
    const online = validators === undefined ? "—" : `${validators.filter((v) => v.connected).length} / ${validators.length}`;
    const stat = (label: string, value: string, testId: string): HTMLElement =>
      h("div", { class: "stat" }, h("div", { class: "label" }, label), h("div", { class: "value", "data-testid": testId }, value));
    replace(
      stats,
      stat("Head height", last.header.height.toString(), "head-height"),
      stat("Finalized height", (consensus?.finalizedHeight ?? last.header.height).toString(), "finalized-height"),
      stat("Notarized height", consensus === undefined ? "—" : consensus.notarizedHeight.toString(), "notarized-height"),
      stat("Block time", blockTime(blocks), "block-time"),
      stat("Basefee / Cycle", count(basefees.cycle), "basefee-cycle"),
      stat("Basefee / Cell", count(basefees.cell), "basefee-cell"),
      stat("Mempool", count(pending), "mempool"),
      stat("Validators online", online, "validators-online"),
    );
    replace(
      charts,
      h(
        "figure",
        {},
        lineChart(
          [
            { name: "Cycle basefee", className: "line-cycle", values: blocks.map((b) => b.header.cycle_basefee) },
            { name: "Cell basefee", className: "line-cell", values: blocks.map((b) => b.header.cell_basefee) },
          ],
          "basefee-chart",
        ),
        h(
          "figcaption",
          {},
          h("span", { class: "key line-cycle" }, `Cycle basefee ${count(last.header.cycle_basefee)}`),
          h("span", { class: "key line-cell" }, `Cell basefee ${count(last.header.cell_basefee)}`),
          ` — blocks ${blocks[0]!.header.height}–${last.header.height}`,
        ),
      ),
      h(
        "figure",
        {},
        laneBars(
          blocks.map((b) => ({ height: b.header.height, lanes: b.header.lane_usage })),
          "lane-chart",
        ),
        h("figcaption", {}, ...LANES.map((lane) => h("span", { class: `key lane-${lane}` }, lane)), " — Cycles used per lane and block"),
      ),
    );
    replace(
      blocksList,
      table(
        ["Height", "Hash", "Age", "Txs", "Cycles used", "Proposer"],
        [...blocks]
          .reverse()
          .map((b) => [
            blockLink(b.header.height),
            h("span", { class: "mono" }, short(hex(b.hash))),
            ago(b.header.timestamp_ms),
            b.transactions.length,
            count(b.header.cycles_used),
            addressLink(b.header.proposer, true),
          ]),
        "blocks-table",
      ),
    );
    const recentTxs = [...blocks].reverse().flatMap((b) => b.transactions.map((t) => ({ ...t, height: b.header.height })));
    replace(
      txList,
      recentTxs.length === 0
        ? h("p", { class: "muted" }, `No transactions in the last ${blocks.length} blocks.`)
        : table(
            ["Hash", "Block", "From", "Instruction"],
            recentTxs.slice(0, 20).map((t) => [txLink(t.hash), blockLink(t.height), addressLink(t.transaction.from, true), t.transaction.instruction.type]),
            "transactions-table",
          ),
    );
  };
  await draw();

  // Live: each new head brings its block (and any the subscription started too late for); the oldest leave the window.
  let drawing = Promise.resolve();
  const onHead = (value: unknown): void => {
    const height = BigInt((value as { height: string }).height);
    drawing = drawing
      .then(async () => {
        const newest = blocks[blocks.length - 1]!.header.height;
        if (height <= newest || !ctx.active()) return;
        const first = height - newest > BigInt(RECENT) ? height - BigInt(RECENT) + 1n : newest + 1n;
        const missing: bigint[] = [];
        for (let at = first; at <= height; at++) missing.push(at);
        const fetched = await Promise.all(missing.map((at) => client.getFullBlock(at)));
        if (!ctx.active()) return;
        for (const block of fetched) if (block !== null) blocks.push(block);
        while (blocks.length > RECENT) blocks.shift();
        await draw();
      })
      .catch((error: unknown) => replace(live, `update failed: ${(error as Error).message}`));
  };
  // A lost connection (the node restarted) is retried every few seconds while the page is shown.
  const connect = async (): Promise<void> => {
    if (!ctx.active()) return;
    try {
      const subscription = await client.subscribe("newHeads", onHead, {
        onError: () => {
          live.classList.remove("on");
          replace(live, "reconnecting…");
          setTimeout(() => void connect(), RECONNECT_MS);
        },
      });
      if (!ctx.active()) return subscription.close();
      ctx.onLeave(() => subscription.close());
      replace(live, "live");
      live.classList.add("on");
    } catch (error) {
      replace(live, `not live: ${(error as Error).message}`);
      setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  await connect();
}

/** Mean milliseconds between the blocks shown ("—" with fewer than two). */
function blockTime(blocks: readonly FullBlock[]): string {
  if (blocks.length < 2) return "—";
  const first = blocks[0]!.header.timestamp_ms;
  const last = blocks[blocks.length - 1]!.header.timestamp_ms;
  const ms = Number(last - first) / (blocks.length - 1);
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
