// Transaction (issue 26): where it is, the decoded instruction, the fee breakdown (used × basefee burned, tip, what
// the max fees reserved and was not spent), the receipt, its events decoded, and the debug trace where the node has one.
import type { IncludedReceipt } from "@cowboy/client";
import { cborJsonOf, fromHex } from "@cowboy/codec";
import { receiptStatusName, type Header, type Transaction } from "@cowboy/types";
import { fields, h, section, table } from "../dom.js";
import { addressLink, blockLink, cby, count, hex, isoTime, mono } from "../format.js";
import { instructionView } from "../instruction.js";
import { errorBox, type PageContext } from "../page.js";
import { classifyQuery } from "../search.js";

export async function txPage(ctx: PageContext, id: string): Promise<void> {
  const { client, root } = ctx;
  const query = classifyQuery(id);
  if (query.kind !== "hash") {
    root.append(h("h1", {}, "Transaction"), errorBox(`${id} is not a transaction hash (0x and 64 hex digits)`));
    return;
  }
  const hash = fromHex(query.hash);
  const info = await client.getTransactionInfo(hash);
  root.append(h("h1", {}, "Transaction ", h("span", { class: "mono small", "data-testid": "tx-hash" }, query.hash)));
  if (info === null) {
    root.append(errorBox(`No transaction ${query.hash} is known to this node.`));
    return;
  }
  const tx = info.transaction;
  root.append(
    fields(
      [
        ["Status", h("span", { class: `status ${info.status}`, "data-testid": "tx-status" }, info.status)],
        ["Block", info.status === "included" ? blockLink(info.height) : undefined],
        ["Index in block", info.status === "included" ? info.index : undefined],
        ["From", addressLink(tx.from)],
        ["Nonce", tx.nonce.toString()],
        ["Chain id", tx.chainId.toString()],
        ["Cycles limit", count(tx.cyclesLimit)],
        ["Cells limit", count(tx.cellsLimit)],
        ["Max fee per Cycle / Cell", `${count(tx.maxFeePerCycle)} / ${count(tx.maxFeePerCell)}`],
        ["Max tip per Cycle / Cell", `${count(tx.maxPriorityFeePerCycle)} / ${count(tx.maxPriorityFeePerCell)}`],
        ["Metadata", tx.metadata.length === 0 ? undefined : mono(hex(tx.metadata))],
        ["Dropped", info.status === "dropped" ? `${info.reason.code}: ${info.reason.message} (${isoTime(BigInt(info.reason.droppedAtMs))})` : undefined],
      ],
      "tx-overview",
    ),
    section("Instruction", "instruction-section", instructionView(tx.instruction)),
  );
  if (info.status !== "included") return;

  const [receipt, block] = await Promise.all([client.getReceipt(hash), client.getFullBlock(info.height)]);
  if (!ctx.active() || receipt === null || block === null) return;
  root.append(
    section("Fees", "fees", feeBreakdown(tx, receipt, block.header)),
    section("Receipt", "receipt", receiptView(receipt)),
    section("Events", "events", eventsView(receipt)),
  );
  const trace = await client.getTrace(hash);
  if (trace !== undefined && ctx.active()) {
    root.append(
      section(
        "Debug trace",
        "trace",
        trace === null
          ? h("p", { class: "muted" }, "The node keeps no trace of this transaction.")
          : h(
              "div",
              {},
              fields([
                ["Status", trace.status],
                ["Error", trace.error === null ? undefined : `${trace.error.type}: ${trace.error.message}`],
              ]),
              trace.error === null || trace.error.traceback.length === 0
                ? null
                : table(
                    ["File", "Line", "Function"],
                    trace.error.traceback.map((f) => [f.file, f.line, f.function]),
                    "traceback",
                  ),
              trace.output === "" ? null : h("pre", { class: "output" }, trace.output),
            ),
      ),
    );
  }
}

/** Used × basefee is burned, the tip goes to the proposer; the rest of what the max fees reserved stays with the sender. */
function feeBreakdown(tx: Transaction, receipt: IncludedReceipt, header: Header): HTMLElement {
  const cycleBurn = receipt.cycles_used * header.cycle_basefee;
  const cellBurn = receipt.cells_used * header.cell_basefee;
  const reserved = tx.cyclesLimit * tx.maxFeePerCycle + tx.cellsLimit * tx.maxFeePerCell;
  return fields(
    [
      ["Cycles: used × basefee", `${count(receipt.cycles_used)} × ${count(header.cycle_basefee)} = ${count(cycleBurn)}`],
      ["Cells: used × basefee", `${count(receipt.cells_used)} × ${count(header.cell_basefee)} = ${count(cellBurn)}`],
      ["Burned", h("span", { "data-testid": "fee-burned" }, `${count(receipt.fee_burned)} (${cby(receipt.fee_burned)})`)],
      ["Tip to the proposer", h("span", { "data-testid": "fee-tipped" }, `${count(receipt.fee_tipped)} (${cby(receipt.fee_tipped)})`)],
      ["Paid", h("span", { "data-testid": "fee-paid" }, `${count(receipt.fee_paid)} (${cby(receipt.fee_paid)})`)],
      ["Reserved at max fees", count(reserved)],
      ["Not spent (refunded)", h("span", { "data-testid": "fee-refund" }, count(reserved > receipt.fee_paid ? reserved - receipt.fee_paid : 0n))],
    ],
    "fee-breakdown",
  );
}

function receiptView(receipt: IncludedReceipt): HTMLElement {
  const decoded = receipt.return_data.length === 0 ? null : cborJsonOf(receipt.return_data);
  return fields(
    [
      ["Status", h("span", { class: `status ${receiptStatusName(receipt.status)}`, "data-testid": "receipt-status" }, receiptStatusName(receipt.status))],
      ["Cycles used", count(receipt.cycles_used)],
      ["Cells used", count(receipt.cells_used)],
      [
        "Return data",
        receipt.return_data.length === 0
          ? h("span", { class: "muted" }, "empty")
          : decoded === null
            ? mono(hex(receipt.return_data))
            : h("code", { "data-testid": "return-value" }, decoded),
      ],
      ["Block hash", mono(hex(receipt.blockHash))],
    ],
    "receipt-fields",
  );
}

function eventsView(receipt: IncludedReceipt): HTMLElement {
  if (receipt.events.length === 0) return h("p", { class: "muted" }, "No events.");
  return table(
    ["#", "Emitter", "Topic", "Data"],
    receipt.events.map((e, i) => [i, addressLink(e.emitter, true), topicText(e.topic), cborJsonOf(e.data) ?? mono(hex(e.data))]),
    "events-table",
  );
}

/** A topic as text when it is valid UTF-8, else hex. */
export function topicText(topic: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(topic);
  } catch {
    return hex(topic);
  }
}
