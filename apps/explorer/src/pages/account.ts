// Account / actor (issue 26): balance, nonce and the account's state proof; for an actor its code highlighted, its
// public methods (where the node serves them) and a form to query a read-only method, a storage browser with proofs,
// its timers (and their history where served) and its events (where the node serves logs).
import type { CowboyClient, RentInfo } from "@cowboy/client";
import { cborFromJson, cborToJson, encodeCbor, fromHex, type CborValue } from "@cowboy/codec";
import { actorAttributesSlot, actorItemSlot } from "@cowboy/types";
import { codeBlock } from "../code.js";
import { fields, h, replace, section, table, type Child } from "../dom.js";
import { addressLink, blockLink, cby, count, hex, mono, short, txLink } from "../format.js";
import { errorBox, type PageContext } from "../page.js";
import { classifyQuery } from "../search.js";

/** How many recent blocks the events section covers. */
const EVENT_BLOCKS = 1_000n;

export async function accountPage(ctx: PageContext, id: string): Promise<void> {
  const { client, root } = ctx;
  const query = classifyQuery(id);
  if (query.kind !== "address") {
    root.append(h("h1", {}, "Account"), errorBox(`${id} is not an address (0x and 40 hex digits)`));
    return;
  }
  const address = fromHex(query.address);
  const [account, proof, code] = await Promise.all([client.getAccount(address), client.getAccountProof(address), client.getCode(address)]);
  if (!ctx.active()) return;
  root.append(
    h("h1", {}, code === null ? "Account " : "Actor ", h("span", { class: "mono small", "data-testid": "address" }, query.address)),
    fields(
      [
        ["Balance", h("span", { "data-testid": "balance" }, cby(account.balance))],
        ["Balance (base units)", count(account.balance)],
        ["Nonce", h("span", { "data-testid": "nonce" }, account.nonce.toString())],
        ["Kind", h("span", { "data-testid": "account-kind" }, code === null ? (proof.exists ? "account" : "unused address") : "actor")],
        ["Code hash", account.code_hash === null ? undefined : mono(hex(account.code_hash))],
        ["Storage bytes", code === null ? undefined : count(account.storage_bytes)],
        [
          "State proof",
          h(
            "details",
            {},
            h(
              "summary",
              {},
              `${proof.exists ? "inclusion" : "absence"} proof, ${count(proof.proof.length)} bytes, against state root ${short(hex(proof.stateRoot))} at height ${proof.height}`,
            ),
            mono(hex(proof.proof)),
          ),
        ],
      ],
      "account-fields",
    ),
  );
  if (code === null) return;

  root.append(section("Code", "code-section", codeBlock(code.source)));
  const rent = await client.getRent(address);
  if (rent !== undefined && ctx.active()) root.append(section("Rent", "rent", rentView(rent)));
  const iface = await client.getActorInterface(address);
  if (iface !== undefined && iface !== null && ctx.active()) {
    root.append(
      section(
        "Methods",
        "methods",
        table(
          ["Method", "Parameters", "Payable", "Doc"],
          iface.methods.map((m) => [
            mono(m.name),
            m.params.map((p) => (p.default === undefined ? p.name : `${p.name}=${p.default}`)).join(", "),
            m.payable ? "yes" : "",
            m.doc ?? "",
          ]),
          "methods-table",
        ),
      ),
    );
  }
  root.append(section("Query a method (read-only)", "query", queryForm(client, address, iface?.methods.map((m) => m.name) ?? [])));
  root.append(section("Storage", "storage", await storageBrowser(client, address)));
  if (!ctx.active()) return;
  root.append(section("Timers", "timers", await timersView(client, address)));
  const history = await client.getTimerHistory(address);
  if (history !== undefined && ctx.active()) {
    root.append(
      section(
        "Timer history",
        "timer-history",
        history.length === 0
          ? h("p", { class: "muted" }, "No finished timers.")
          : table(
              ["Timer", "Handler", "Ended", "At block"],
              history.map((t) => [mono(short(t.timerId)), t.handler, t.reason, blockLink(t.height)]),
            ),
      ),
    );
  }
  // Nodes bound the range a log query may span; the last EVENT_BLOCKS blocks stay well inside any such bound.
  const head = await client.getHead();
  const fromBlock = head.height >= EVENT_BLOCKS ? head.height - EVENT_BLOCKS + 1n : 0n;
  const logs = await client.getLogs({ address, fromBlock, toBlock: head.height });
  if (logs !== undefined && ctx.active()) {
    root.append(
      section(
        "Events",
        "account-events",
        logs.length === 0
          ? h("p", { class: "muted" }, `No events in the last ${count(EVENT_BLOCKS)} blocks.`)
          : table(
              ["Block", "Source", "Topic", "Data"],
              logs
                .slice(-100)
                .map((l) => [blockLink(l.blockNumber), l.txHash !== null ? txLink(l.txHash) : `timer ${short(hex(l.timerId ?? new Uint8Array()))}`, l.topic, mono(hex(l.data))]),
              "account-events-table",
            ),
      ),
    );
  }
}

/** The actor's rent standing (cips/rent.md) as the node reports it: prepaid, debt, the epoch last assessed, eviction. */
function rentView(rent: RentInfo | null): HTMLElement {
  if (rent === null) return h("p", { class: "muted", "data-testid": "rent-untracked" }, "Rent does not track this actor yet (it is tracked from its first storage write).");
  return fields(
    [
      ["Status", h("span", { class: `status rent-${rent.status}`, "data-testid": "rent-status" }, rent.status)],
      ["Prepaid", h("span", { "data-testid": "rent-prepaid" }, cby(rent.prepaid))],
      ["Debt", h("span", { "data-testid": "rent-debt" }, cby(rent.debt))],
      ["Debt entries", rent.debtEntries.length === 0 ? undefined : rent.debtEntries.map((d) => `epoch ${d.epoch}: ${cby(d.amount)} at ${d.rate}`).join("; ")],
      ["Last assessed (epoch)", h("span", { "data-testid": "rent-assessed" }, rent.assessedEpoch.toString())],
      ["Next assessment", `rent epoch ${rent.assessedEpoch + 1n} or later (at most once per epoch, when the cursor visits)`],
      ["Storage slots / quota", `${count(rent.slots)} / ${count(rent.quota)}`],
      ["Bond", cby(rent.bond)],
      [
        "Evicted",
        rent.evicted === null
          ? h("span", { "data-testid": "rent-evicted" }, "no")
          : h(
              "span",
              { "data-testid": "rent-evicted" },
              `at block ${rent.evicted.height}: ${count(rent.evicted.slots)} slots, ${count(rent.evicted.bytes)} bytes, storage root ${short(hex(rent.evicted.root))}`,
            ),
      ],
    ],
    "rent-fields",
  );
}

/** Positional ([…]) or keyword ({…}) arguments from JSON text; empty text: none. */
function parseArgs(text: string): CborValue[] | { [name: string]: CborValue } | undefined {
  if (text.trim() === "") return undefined;
  const value = cborFromJson(text);
  if (Array.isArray(value)) return value;
  if (value instanceof Map || value === null || typeof value !== "object" || value instanceof Uint8Array)
    throw new Error("arguments are a JSON list (positional) or object (keywords)");
  return value as { [name: string]: CborValue };
}

function queryForm(client: CowboyClient, address: Uint8Array, methods: readonly string[]): HTMLElement {
  const method = h("input", { name: "method", required: true, placeholder: "method name", list: "actor-methods", "data-testid": "query-method", autocomplete: "off" });
  const args = h("input", { name: "args", placeholder: 'arguments as JSON: [1, "a"] or {"by": 2}', "data-testid": "query-args", autocomplete: "off" });
  const output = h("div", { "data-testid": "query-output", "aria-live": "polite" });
  const form = h(
    "form",
    {
      class: "inline-form",
      "data-testid": "query-form",
      onsubmit: (event: Event) => {
        event.preventDefault();
        replace(output, h("p", { class: "muted" }, "running…"));
        void (async () => {
          try {
            const parsed = parseArgs(args.value);
            const outcome = await client.queryActor({ to: address, method: method.value.trim(), ...(parsed === undefined ? {} : { args: parsed }) });
            replace(
              output,
              outcome.ok
                ? h("p", {}, "→ ", h("code", { "data-testid": "query-result" }, cborToJson(outcome.value)), h("span", { class: "muted" }, ` (${count(outcome.cyclesUsed)} Cycles)`))
                : h("p", { class: "error", "data-testid": "query-error" }, outcome.error),
            );
          } catch (error) {
            replace(output, errorBox(error));
          }
        })();
      },
    },
    method,
    args,
    h("button", { type: "submit" }, "Query"),
  );
  return h("div", {}, h("datalist", { id: "actor-methods" }, ...methods.map((m) => h("option", { value: m }))), form, output);
}

/** A storage key from the box: JSON when it parses (5, "a", [1, 2]), else the text as a string. */
function storageKey(text: string): CborValue {
  try {
    return cborFromJson(text);
  } catch {
    return text;
  }
}

async function storageBrowser(client: CowboyClient, address: Uint8Array): Promise<HTMLElement> {
  const attributes = await client.getStorageEntry(address, actorAttributesSlot());
  const key = h("input", { name: "key", required: true, placeholder: 'storage key: count, "count", 5, [1, 2]', "data-testid": "storage-key", autocomplete: "off" });
  const output = h("div", { "data-testid": "storage-output", "aria-live": "polite" });
  const form = h(
    "form",
    {
      class: "inline-form",
      "data-testid": "storage-form",
      onsubmit: (event: Event) => {
        event.preventDefault();
        void (async () => {
          try {
            const k = storageKey(key.value.trim());
            const entry = await client.getStorageEntry(address, actorItemSlot(encodeCbor(k)));
            replace(output, entryView(`storage[${cborToJson(k)}]`, entry));
          } catch (error) {
            replace(output, errorBox(error));
          }
        })();
      },
    },
    key,
    h("button", { type: "submit" }, "Read"),
  );
  return h("div", {}, form, output, h("h3", {}, "Attributes (slot 0x00)"), entryView("attributes", attributes));
}

function entryView(label: string, entry: Awaited<ReturnType<CowboyClient["getStorageEntry"]>>): HTMLElement {
  const value: Child =
    entry.value === null ? h("span", { class: "muted", "data-testid": "storage-value" }, "unset") : h("code", { "data-testid": "storage-value" }, entry.json ?? hex(entry.value));
  return fields([
    ["Key", label],
    ["Slot", mono(hex(entry.slot))],
    ["Value", value],
    [
      "Proof",
      h(
        "details",
        {},
        h(
          "summary",
          {},
          `${entry.value === null ? "absence" : "inclusion"} proof, ${count(entry.proof.length)} bytes, state root ${short(hex(entry.stateRoot))} at height ${entry.height}`,
        ),
        mono(hex(entry.proof)),
      ),
    ],
  ]);
}

async function timersView(client: CowboyClient, address: Uint8Array): Promise<HTMLElement> {
  const [timers, head] = await Promise.all([client.getTimers(address), client.getHead()]);
  if (timers.length === 0) return h("p", { class: "muted", "data-testid": "no-timers" }, "No active timers.");
  return table(
    ["Timer", "Handler", "Target", "Next fire", "Every", "Cycles / fire", "Expires", "Priority", "Created"],
    timers.map((t) => [
      mono(short(hex(t.id))),
      mono(t.handler),
      addressLink(t.target, true),
      h("span", { "data-testid": "timer-next-fire" }, `${t.nextFireHeight} (in ${t.nextFireHeight > head.height ? t.nextFireHeight - head.height : 0n} blocks)`),
      t.interval === 0n ? "once" : `${t.interval} blocks`,
      count(t.cyclesPerFire),
      t.expiresAt === null ? "never" : t.expiresAt.toString(),
      String(t.priority),
      blockLink(t.createdAt),
    ]),
    "timers-table",
  );
}
