// Block (issue 26): header fields, the certificate its header carries (of its parent) and its own (carried by its
// child) with their signer bitmaps, the beacon, lane usage, transactions, and timer fires where the node serves logs.
import { decodeCertificate, type DecodedCertificate, type FullBlock } from "@cowboy/client";
import { fromHex } from "@cowboy/codec";
import { LANES } from "../charts.js";
import { fields, h, section, table, type Child } from "../dom.js";
import { addressLink, ago, count, hex, isoTime, mono, short, txLink } from "../format.js";
import { errorBox, type PageContext } from "../page.js";

export async function blockPage(ctx: PageContext, id: string): Promise<void> {
  const { client, root } = ctx;
  const at = /^[0-9]{1,20}$/.test(id) ? BigInt(id) : /^0x[0-9a-fA-F]{64}$/.test(id) ? fromHex(id.toLowerCase()) : undefined;
  if (at === undefined) {
    root.append(h("h1", {}, "Block"), errorBox(`${id} is neither a block height nor a block hash`));
    return;
  }
  const block = await client.getFullBlock(at);
  if (block === null) {
    root.append(h("h1", {}, "Block"), errorBox(`No block ${id} on this node (yet).`));
    return;
  }
  const header = block.header;
  const child = await client.getFullBlock(header.height + 1n);
  if (!ctx.active()) return;
  const nav = h(
    "p",
    { class: "pager" },
    header.height > 0n ? h("a", { href: `#/block/${header.height - 1n}`, "data-testid": "previous-block" }, `← ${header.height - 1n}`) : null,
    child !== null ? h("a", { href: `#/block/${header.height + 1n}`, "data-testid": "next-block" }, `${header.height + 1n} →`) : null,
  );
  root.append(
    h("h1", {}, "Block ", h("span", { "data-testid": "block-height" }, header.height.toString())),
    nav,
    fields(
      [
        ["Hash", h("span", { class: "mono wrap", "data-testid": "block-hash" }, hex(block.hash))],
        ["Parent", header.height > 0n ? h("a", { href: `#/block/${hex(header.parent_hash)}`, class: "mono" }, hex(header.parent_hash)) : mono(hex(header.parent_hash))],
        ["Time", `${isoTime(header.timestamp_ms)} (${ago(header.timestamp_ms)})`],
        ["View (round)", header.round.toString()],
        ["Proposer", addressLink(header.proposer)],
        ["Transactions", h("span", { "data-testid": "block-tx-count" }, block.transactions.length)],
        ["Cycles used", count(header.cycles_used)],
        ["Cells used", count(header.cells_used)],
        ["Basefee per Cycle", count(header.cycle_basefee)],
        ["Basefee per Cell", count(header.cell_basefee)],
        ["State root", mono(hex(header.state_root))],
        ["Transactions root", mono(hex(header.transactions_root))],
        ["Receipts root", mono(hex(header.receipts_root))],
        ["Beacon", header.beacon.length === 0 ? h("span", { class: "muted" }, "none") : mono(hex(header.beacon))],
      ],
      "block-fields",
    ),
    section("Lane usage", "lane-usage", laneBar(block)),
    section("Transactions", "block-transactions", transactionsView(block)),
    section(
      "Certificates",
      "certificates",
      certificateView(`This block's certificate (carried by block ${header.height + 1n})`, child === null ? undefined : child.header.certificate, "own-certificate"),
      certificateView(`Parent's certificate (carried by this block)`, header.certificate, "parent-certificate"),
    ),
  );
  const timerLogs = await client.getLogs({ fromBlock: header.height, toBlock: header.height });
  if (timerLogs !== undefined && ctx.active()) {
    const fires = timerLogs.filter((l) => l.timerId !== null);
    root.append(
      section(
        "Timer fires",
        "timer-fires",
        h("p", {}, `Timer lane: ${count(header.lane_usage.timer)} Cycles.`),
        fires.length === 0
          ? h("p", { class: "muted" }, "No timer events in this block.")
          : table(
              ["Timer", "Actor", "Topic"],
              fires.map((l) => [mono(short(hex(l.timerId!))), addressLink(l.address, true), l.topic]),
              "timer-fires-table",
            ),
      ),
    );
  }
}

function laneBar(block: FullBlock): HTMLElement {
  const lanes = block.header.lane_usage;
  const total = lanes.system + lanes.timer + lanes.runner + lanes.user;
  const bar = h("div", { class: "lanebar" });
  for (const lane of LANES) {
    if (lanes[lane] === 0n) continue;
    const part = h("div", { class: `lane-${lane}`, title: `${lane}: ${lanes[lane]}` });
    // Through the CSSOM: the page's content-security-policy allows no inline style attributes.
    part.style.flexGrow = String(Number(lanes[lane]));
    bar.append(part);
  }
  return h(
    "div",
    {},
    total === 0n ? h("p", { class: "muted" }, "An empty block: no Cycles used in any lane.") : bar,
    table(
      ["Lane", "Cycles"],
      LANES.map((lane) => [h("span", { class: `key lane-${lane}` }, lane), h("span", { "data-testid": `lane-${lane}` }, count(lanes[lane]))]),
    ),
  );
}

function transactionsView(block: FullBlock): HTMLElement {
  if (block.transactions.length === 0) return h("p", { class: "muted" }, "No transactions.");
  return table(
    ["#", "Hash", "From", "Instruction", "To / target"],
    block.transactions.map((t, i) => {
      const instruction = t.transaction.instruction as { type: string; to?: Uint8Array; target?: Uint8Array; method?: string };
      const to = instruction.to ?? instruction.target;
      return [
        i,
        txLink(t.hash),
        addressLink(t.transaction.from, true),
        instruction.method === undefined ? instruction.type : `${instruction.type} ${instruction.method}`,
        to === undefined ? "" : addressLink(to, true),
      ];
    }),
    "block-tx-table",
  );
}

function certificateView(title: string, bytes: Uint8Array | undefined, testId: string): HTMLElement {
  const heading = h("h3", {}, title);
  if (bytes === undefined) return h("div", { "data-testid": testId }, heading, h("p", { class: "muted" }, "Not yet: the next block carries it."));
  let certificate: DecodedCertificate | null;
  try {
    certificate = decodeCertificate(bytes);
  } catch (error) {
    return h("div", { "data-testid": testId }, heading, errorBox(`cannot decode the certificate: ${(error as Error).message}`));
  }
  if (certificate === null) return h("div", { "data-testid": testId }, heading, h("p", { class: "muted" }, "None (the genesis block has no certificate)."));
  const rows: [string, Child][] = [
    ["Kind", h("span", { "data-field-value": "kind" }, certificate.kind)],
    ["Round", `epoch ${certificate.epoch}, view ${certificate.view} (parent view ${certificate.parentView})`],
    ["Payload", mono(hex(certificate.payload))],
    ["Signers", h("span", { "data-testid": `${testId}-signers` }, `${certificate.signers.length} of ${certificate.setSize}: ${certificate.signers.join(", ")}`)],
    ["Bitmap", signerBitmap(certificate)],
    ["Aggregate signature", mono(hex(certificate.signature))],
    ["Seed", mono(hex(certificate.seed))],
  ];
  return h("div", { "data-testid": testId }, heading, fields(rows));
}

function signerBitmap(certificate: DecodedCertificate): HTMLElement {
  const signed = new Set(certificate.signers);
  return h(
    "div",
    { class: "bitmap" },
    ...Array.from({ length: certificate.setSize }, (_, i) =>
      h("span", { class: signed.has(i) ? "bit on" : "bit", title: `validator ${i}${signed.has(i) ? " signed" : " did not sign"}` }, String(i)),
    ),
  );
}
