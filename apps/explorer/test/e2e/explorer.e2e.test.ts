// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, whose innerText() is the text a reader sees
// The explorer in Chromium against a real devnet (issue 26 "Tests"): an actor deployed, transactions sent, then each
// page loaded from the node's /explorer, links followed, the search box used, and what is shown checked against what
// the node answers over RPC. The home page's screenshot is saved to test-artifacts/home.png.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type CowboyClient } from "@cowboy/client";
import { toHex } from "@cowboy/codec";
import type { CborValue } from "@cowboy/codec";
import { encodeJson } from "@cowboy/governance";
import { devAccounts } from "@cowboy/node";
import { encodeJobRequest } from "@cowboy/runner-market";
import { formatCby } from "@cowboy/types";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, collectProblems } from "../utils/browser.js";
import { startDevnet, type Devnet } from "../utils/devnet.js";

const ARTIFACTS = fileURLToPath(new URL("../../test-artifacts/", import.meta.url));

// An actor with storage, an event, a failing method and a timer far in the future (so it stays active).
const GUESTBOOK = `from cowboy_sdk import actor, emit, payable, set_interval


@actor
class Guestbook:
    """Counts signatures; each one is an event."""

    def __init__(self):
        self.storage["count"] = 0

    def sign(self, name):
        self.storage["count"] += 1
        self.storage[name] = self.storage["count"]
        emit("signed", {"name": name})
        return self.storage["count"]

    def get_count(self):
        return self.storage["count"]

    def tick(self, data):
        pass

    @payable
    def arm(self):
        return set_interval(1000, self.tick, None, cycles=100_000, cells=1_000)
`;

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;
const count = (v: bigint): string => v.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");

let devnet: Devnet;
let client: CowboyClient;
let browser: Browser;
let page: Page;
let problems: string[];
const dir = mkdtempSync(join(tmpdir(), "cowboy-explorer-"));
const key = devAccounts()[0]!.privateKey;
const RECIPIENT = new Uint8Array(20).fill(0x22);
let actor: Uint8Array;
let transferHash: Uint8Array;
let signHash: Uint8Array;

beforeAll(async () => {
  devnet = await startDevnet(join(dir, "chain"), 500);
  client = createClient({ url: devnet.url });
  const deployed = await client.deployActor({ privateKey: key, source: GUESTBOOK });
  actor = deployed.address;
  expect((await client.waitForReceipt(deployed.tx.digest())).status).toBe(0);
  const sign = await client.callActor({ privateKey: key, to: actor, method: "sign", args: ["alice"], cyclesLimit: 2_000_000n });
  signHash = sign.digest();
  const arm = await client.callActor({ privateKey: key, to: actor, method: "arm", value: 10_000_000_000n, cyclesLimit: 2_000_000n });
  for (const tx of [sign, arm]) expect((await client.waitForReceipt(tx.digest())).status).toBe(0);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  problems = collectProblems(page);
});

afterAll(async () => {
  await browser?.close();
  await devnet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Loads a route of the explorer and waits until its page has drawn what it loads first. */
async function open(hash: string): Promise<void> {
  await page.goto(`${devnet.url}/explorer/${hash}`);
  await page.locator(".page[data-ready]").waitFor({ state: "attached", timeout: 60_000 });
}

const text = (testId: string): Promise<string> => page.getByTestId(testId).first().innerText();

describe("the explorer served by cowboyd", () => {
  it("shows the home page with heights, basefees, charts, mempool and validators, and updates live", async () => {
    await open("");
    const before = BigInt(await text("head-height"));
    expect(before).toBeGreaterThan(0n);
    expect(await text("validators-online")).toBe("1 / 1");
    expect(await text("mempool")).toMatch(/^[0-9,]+$/);
    const basefees = await client.getBasefees();
    expect(await text("basefee-cycle")).toBe(count(basefees.cycle));
    expect(await page.getByTestId("basefee-chart").locator("polyline").count()).toBe(2);
    expect(await page.getByTestId("lane-chart").locator("a").count()).toBeGreaterThan(1);
    await expect.poll(() => text("live")).toBe("live");
    // New heads arrive over the WebSocket subscription without a reload.
    await expect.poll(async () => BigInt(await text("head-height")), { timeout: 20_000 }).toBeGreaterThan(before);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "home.png"), fullPage: true });
    expect(problems).toEqual([]);
  });

  it("follows a transaction link to its page: status, instruction, fee breakdown and receipt", async () => {
    // Sent now, so it is among the latest blocks the home page lists.
    const transfer = await client.transfer({ privateKey: key, to: RECIPIENT, amount: 2_500_000_000n, tip: 3n });
    transferHash = transfer.digest();
    expect((await client.waitForReceipt(transferHash, { pollMs: 100 })).status).toBe(0);
    await open("");
    await page
      .getByTestId("latest-transactions")
      .locator(`a[title="${hex(transferHash)}"]`)
      .click();
    await page.getByTestId("tx-status").waitFor();
    expect(page.url()).toContain(`#/tx/${hex(transferHash)}`);
    const receipt = (await client.getReceipt(transferHash))!;
    expect(await text("tx-hash")).toBe(hex(transferHash));
    expect(await text("tx-status")).toBe("included");
    expect(await text("instruction-type")).toBe("transfer");
    expect(await page.getByTestId("instruction").innerText()).toContain("2.5 CBY");
    expect(await text("fee-burned")).toBe(`${count(receipt.fee_burned)} (${formatCby(receipt.fee_burned)} CBY)`);
    expect(await text("fee-tipped")).toBe(`${count(receipt.fee_tipped)} (${formatCby(receipt.fee_tipped)} CBY)`);
    expect(receipt.fee_tipped).toBe(21_000n * 3n);
    expect(await text("receipt-status")).toBe("success");
    expect(problems).toEqual([]);
  });

  it("shows an actor call's decoded arguments, return value and event", async () => {
    await open(`#/tx/${hex(signHash)}`);
    await page.getByTestId("receipt-status").waitFor();
    expect(await text("instruction-type")).toBe("call_actor");
    expect(await text("decoded-args")).toBe('["alice"]');
    expect(await text("return-value")).toBe("1");
    const events = await page.getByTestId("events-table").innerText();
    expect(events).toContain("signed");
    expect(events).toContain('{"name":"alice"}');
    // The trace section exists exactly where the node serves cowboy_getTrace.
    const served = (await client.getTrace(signHash)) !== undefined;
    await expect.poll(() => page.getByTestId("trace").count()).toBe(served ? 1 : 0);
    expect(problems).toEqual([]);
  });

  it("follows the block link to the block page: header, lanes, transactions and certificates", async () => {
    // The page shows the block's own certificate from its child's header, as the page finds it when it loads: wait
    // for the child first (the transfer's block can still be the head here, 500 ms blocks).
    const height = (await client.getReceipt(transferHash))!.height;
    await expect.poll(async () => (await client.getFullBlock(height + 1n)) !== null, { timeout: 30_000 }).toBe(true);
    await open(`#/tx/${hex(transferHash)}`);
    await page.getByTestId("tx-overview").locator("a[data-link=block]").click();
    await page.getByTestId("block-fields").waitFor();
    const receipt = (await client.getReceipt(transferHash))!;
    const block = (await client.getFullBlock(receipt.height))!;
    expect(await text("block-height")).toBe(receipt.height.toString());
    expect(await text("block-hash")).toBe(hex(block.hash));
    expect(await text("block-tx-count")).toBe(String(block.transactions.length));
    expect(await text("lane-user")).toBe(count(block.header.lane_usage.user));
    expect(await page.getByTestId("block-tx-table").innerText()).toContain(`${hex(transferHash).slice(0, 8)}`);
    expect(await text("parent-certificate-signers")).toBe("1 of 1: 0");
    await page.getByTestId("own-certificate-signers").waitFor();
    expect(await text("own-certificate-signers")).toBe("1 of 1: 0");
    expect(problems).toEqual([]);
  });

  it("shows the actor: balance, code, a read-only query, storage with a proof and its timer", async () => {
    await open(`#/address/${hex(actor)}`);
    await page.getByTestId("code").waitFor();
    expect(await text("account-kind")).toBe("actor");
    expect(await text("balance")).toBe(`${formatCby(await client.getBalance(actor))} CBY`);
    expect(await page.getByTestId("code").innerText()).toContain("def sign(self, name):");
    expect(await page.getByTestId("code").locator(".tok-keyword", { hasText: "def" }).count()).toBe(5);

    await page.getByTestId("query-method").fill("get_count");
    await page.getByTestId("query-form").locator("button").click();
    await expect.poll(() => text("query-output")).toContain("→ 1");

    await page.getByTestId("storage-key").fill("alice");
    await page.getByTestId("storage-form").locator("button").click();
    await expect.poll(() => page.getByTestId("storage-output").innerText()).toContain("inclusion proof");
    expect(await page.getByTestId("storage-output").getByTestId("storage-value").innerText()).toBe("1");

    const [timer] = await client.getTimers(actor);
    expect(await page.getByTestId("timers-table").innerText()).toContain("tick");
    expect(await text("timer-next-fire")).toContain(timer!.nextFireHeight.toString());

    // Sections of methods a node may not serve yet appear exactly where it serves them.
    const logs = await client.getLogs({ address: actor });
    if (logs === undefined) expect(await page.getByTestId("account-events").count()).toBe(0);
    else await expect.poll(() => page.getByTestId("account-events").innerText()).toContain("signed");
    const history = await client.getTimerHistory(actor);
    await expect.poll(() => page.getByTestId("timer-history").count()).toBe(history === undefined ? 0 : 1);
    const iface = await client.getActorInterface(actor);
    if (iface === undefined || iface === null) expect(await page.getByTestId("methods").count()).toBe(0);
    else expect(await page.getByTestId("methods-table").innerText()).toContain("get_count");
    expect(problems).toEqual([]);
  });

  it("searches by height, transaction hash, block hash and address, and explains a bad query", async () => {
    const search = async (query: string): Promise<void> => {
      await page.getByTestId("search-input").fill(query);
      await page.getByTestId("search-input").press("Enter");
    };
    await open("");
    const receipt = (await client.getReceipt(transferHash))!;
    await search(receipt.height.toString());
    await expect.poll(() => page.url()).toContain(`#/block/${receipt.height}`);
    await expect.poll(() => text("block-height")).toBe(receipt.height.toString());

    await search(hex(transferHash));
    await expect.poll(() => page.url()).toContain(`#/tx/${hex(transferHash)}`);
    await expect.poll(() => text("tx-status")).toBe("included");

    await search(hex(receipt.blockHash));
    await expect.poll(() => page.url()).toContain(`#/block/${hex(receipt.blockHash)}`);
    await expect.poll(() => text("block-height")).toBe(receipt.height.toString());

    await search(hex(RECIPIENT));
    await expect.poll(() => text("balance")).toBe("2.5 CBY");
    expect(await text("account-kind")).toBe("account");

    await search("0x1234");
    await expect.poll(() => text("search-result")).toContain("an address has 20 bytes, a hash 32");
    await search(`0x${"ab".repeat(32)}`);
    await expect.poll(() => text("search-result")).toContain("No transaction, block, job or volume has the hash");
    expect(problems).toEqual([]);
  });

  it("shows the validators page from the navigation", async () => {
    await open("");
    await page.getByTestId("nav-validators").click();
    await page.getByTestId("validators-table").waitFor();
    const [validator] = (await client.getValidators())!;
    expect(await text("validator-count")).toBe("1");
    expect(await text("stake-0")).toBe(`${formatCby(validator!.stake)} CBY`);
    expect(await page.getByTestId("validators-table").innerText()).toContain(hex(validator!.address));
    expect(problems).toEqual([]);
  });
});

// The subsystem pages (issue 26): a job posted with no runner registered, a proposal, a relay registered and a volume
// anchored by instruction, each page loaded from the navigation or a link and checked against the node's answers.
describe("the subsystem pages", () => {
  const ROOT = new Uint8Array(32).fill(0x5a);
  const relayKey = devAccounts()[3]!;
  let jobId: Uint8Array;

  beforeAll(async () => {
    const request = encodeJobRequest({
      kind: "http",
      spec: new Map<CborValue, CborValue>([
        ["method", "GET"],
        ["url", "https://api.example/v1"],
      ]),
      resultSchema: new Map<CborValue, CborValue>([["type", "object"]]),
      allowDomains: ["api.example"],
    });
    const job = await client.sendTransaction({ privateKey: key, instruction: { type: "job_submit", request, maxPrice: 3_000_000_000n } });
    const jobReceipt = await client.waitForReceipt(job.digest());
    expect(jobReceipt.status).toBe(0);
    jobId = jobReceipt.return_data;
    const basefee = (await client.getParam("basefee_config"))!;
    const body = encodeJson({ kind: "param_change", changes: [{ key: "system:basefee_config", value: basefee.value as never }] });
    const propose = await client.sendTransaction({ privateKey: key, instruction: { type: "gov_propose", body, deposit: 100_000_000_000n } });
    expect((await client.waitForReceipt(propose.digest())).status).toBe(0);
    const relay = await client.sendTransaction({
      privateKey: relayKey.privateKey,
      instruction: { type: "relay_register", stake: 1_000_000_000_000n, capacity: 1n << 30n, endpoint: new TextEncoder().encode("http://127.0.0.1:9") },
    });
    expect((await client.waitForReceipt(relay.digest())).status).toBe(0);
    const anchor = await client.sendTransaction({ privateKey: key, instruction: { type: "storage_anchor", root: ROOT, size: 3_000_000n, k: 1n, m: 0n, blocks: 1_000n } });
    expect((await client.waitForReceipt(anchor.digest())).status).toBe(0);
  });

  it("lists the job and shows its phase, committee, escrow and settlement", async () => {
    await open("");
    await page.getByTestId("nav-jobs").click();
    await page.getByTestId("jobs-table").waitFor();
    expect(await page.getByTestId("no-runners").innerText()).toBe("No runner is registered.");
    await page
      .getByTestId("jobs-table")
      .locator(`a[title="${hex(jobId)}"]`)
      .click();
    await page.getByTestId("job-fields").waitFor();
    const job = (await client.getJob(jobId))!;
    expect(await text("job-id")).toBe(hex(jobId));
    expect(await text("job-status")).toBe(job.status);
    expect(await text("job-kind")).toBe("http");
    expect(await text("job-max-price")).toBe("3 CBY");
    if (job.settlement === null) expect(await text("settlement-open")).toContain(formatCby(job.escrow));
    else {
      expect(job.settlement!.outcome).toBe("refunded");
      expect(await text("settlement-refunded")).toBe("3 CBY");
    }
    expect(problems).toEqual([]);
  });

  it("shows the proposal with its tier, votes and quorum, and the parameter registry", async () => {
    await open("");
    await page.getByTestId("nav-governance").click();
    await page.getByTestId("proposals-table").waitFor();
    const [proposal] = (await client.listProposals())!;
    await page.getByTestId("proposals-table").locator("a[data-link=proposal]").first().click();
    await page.getByTestId("proposal-fields").waitFor();
    expect(page.url()).toContain(`#/proposal/${proposal!.id}`);
    expect(await text("proposal-tier")).toBe(String(proposal!.tier));
    expect(await text("proposal-rule")).toMatch(/% of each chamber \/ /);
    expect(await text("stake-yes")).toBe(`${formatCby(proposal!.stake.yes)} CBY`);
    await page.getByTestId("nav-params").click();
    await page.getByTestId("params-table").waitFor();
    const groups = (await client.listParams())!;
    expect(await page.getByTestId("params-table").locator("tbody tr").count()).toBe(groups.length);
    await page.getByTestId("params-table").locator("a[data-link=param]").first().click();
    await page.getByTestId("param-fields").waitFor();
    expect(await text("param-key")).toBe(groups[0]!.key);
    expect(await text("param-tier")).toBe(String(groups[0]!.tier));
    expect(problems).toEqual([]);
  });

  it("shows the anchored volume with its coding, stripes, placement and the relay's health", async () => {
    await open("");
    await page.getByTestId("nav-storage").click();
    await page.getByTestId("volumes-table").waitFor();
    expect(await page.getByTestId("relays-table").innerText()).toContain(hex(relayKey.address).slice(0, 8));
    expect(await page.getByTestId("relays-table").getByTestId("relay-health").innerText()).toBe("live");
    await page
      .getByTestId("volumes-table")
      .locator(`a[title="${hex(ROOT)}"]`)
      .click();
    await page.getByTestId("volume-fields").waitFor();
    const volume = (await client.getVolume(ROOT))!;
    expect(volume.status).toBe("anchored");
    expect(await text("volume-root")).toBe(hex(ROOT));
    expect(await text("volume-coding")).toBe("K = 1 data + M = 0 parity shards per stripe");
    expect(await text("volume-stripes")).toBe("3 × 1 shards");
    expect(await page.getByTestId("placement-table").locator("tbody tr").count()).toBe(3);
    expect(await page.getByTestId("placement-table").innerText()).toContain(hex(relayKey.address).slice(0, 8));
    expect(problems).toEqual([]);
  });

  it("shows the actor's rent standing and the validators' missed votes column", async () => {
    await open(`#/address/${hex(actor)}`);
    await page.getByTestId("code").waitFor();
    const rent = await client.getRent(actor);
    if (rent === undefined) expect(await page.getByTestId("rent").count()).toBe(0);
    else if (rent === null) await expect.poll(() => page.getByTestId("rent-untracked").count()).toBe(1);
    else {
      await page.getByTestId("rent-fields").waitFor();
      expect(await text("rent-status")).toBe(rent.status);
      expect(await text("rent-prepaid")).toBe(`${formatCby(rent.prepaid)} CBY`);
    }
    await page.getByTestId("nav-validators").click();
    await page.getByTestId("validators-table").waitFor();
    const [record] = (await client.getValidatorRecords())!;
    expect(await text("missed-0")).toBe(record!.missedVotes === undefined ? "—" : count(record!.missedVotes));
    expect(problems).toEqual([]);
  });
});
