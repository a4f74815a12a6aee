// The README's governance walk (README.md "Governance and the parameter registry"), typed as a user would: the real
// cowboyd devnet process and the real `cowboy` CLI, every command read from the README itself, so the docs cannot
// drift. Propose → two votes → 15-block vote → 10-block timelock → the basefee floor is 20,000 from the next block.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@cowboy/client";
import { afterAll, describe, expect, it } from "vitest";
import { startNodeProcess, type NodeProcess } from "../utils/spawn.js";

const CLI = fileURLToPath(new URL("../../../cli/src/main.ts", import.meta.url));
const README = readFileSync(fileURLToPath(new URL("../../../../README.md", import.meta.url)), "utf8");
const dir = mkdtempSync(join(tmpdir(), "cowboy-governance-"));
let node: NodeProcess | undefined;
afterAll(async () => {
  if (node !== undefined && node.child.exitCode === null) await node.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** The README section's sh block: its `export` lines and its commands, trailing comments dropped. */
function walk(): { env: Record<string, string>; commands: string[][] } {
  const section = README.slice(README.indexOf("## Governance and the parameter registry"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  const env: Record<string, string> = {};
  const commands: string[][] = [];
  for (const raw of block.split("\n")) {
    const line = raw.replace(/\s+#\s.*$/, "").trim();
    const exported = /^export ([A-Z_]+)=(\S+)$/.exec(line);
    if (exported) env[exported[1]!] = exported[2]!;
    else if (line.startsWith("pnpm -s cowboy ")) commands.push(words(line.slice("pnpm -s cowboy ".length)));
  }
  return { env, commands };
}

/** Shell words: spaces split, single quotes group (all the README uses). */
function words(line: string): string[] {
  const out: string[] = [];
  let word = "";
  let quoted = false;
  for (const ch of line) {
    if (ch === "'") quoted = !quoted;
    else if (ch === " " && !quoted) {
      if (word !== "") out.push(word);
      word = "";
    } else word += ch;
  }
  if (word !== "") out.push(word);
  return out;
}

function cowboy(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "--conditions=@cowboy/source", CLI, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr });
    });
  });
}

describe("the README's governance walk", () => {
  it("propose, vote twice, wait out the vote and the timelock: the basefee floor changes with no restart", { timeout: 240_000 }, async () => {
    const { env: exported, commands } = walk();
    expect(commands.map((c) => c.slice(0, 2).join(" "))).toEqual([
      "param get",
      "gov propose",
      "gov vote",
      "gov vote",
      "gov list",
      "gov show",
      "logs --address",
      "param get",
      "block",
    ]);
    node = await startNodeProcess(["--data", join(dir, "chain")]);
    const env = { ...exported, COWBOY_RPC: node.url };
    const run = async (i: number) => {
      const r = await cowboy(commands[i]!, env);
      expect([r.code, r.stderr]).toEqual([0, ""]);
      return r.stdout;
    };
    expect(await run(0)).toMatch(/"minBasefee":"10000"/);
    const started = Date.now();
    const proposed = await run(1);
    expect(proposed).toMatch(/^0x[0-9a-f]{64}\nsuccess \{"id":"0","voting_ends_at":"\d+","tier":0\}\n$/);
    expect(await run(2)).toMatch(/\nsuccess\n$/);
    expect(await run(3)).toMatch(/\nsuccess\n$/);
    expect(await run(4)).toMatch(/^0 (voting|queued|executed) tier=0 ends=\d+ eta=(-|\d+) param_change system:basefee_config\n$/);
    // "once in force": wait for the activation height to pass.
    const client = createClient({ url: node.url });
    for (;;) {
      const p = await client.request<{ status: string }>("cowboy_getProposal", ["0"]);
      if (p.status === "executed") break;
      expect(["voting", "queued"]).toContain(p.status);
      await new Promise((r) => setTimeout(r, 500));
    }
    const elapsed = (Date.now() - started) / 1000;
    // `gov show`: the proposal as JSON on its first line, then one line per lifecycle event (cips/governance.md "Events")
    const [head, ...eventLines] = (await run(5)).trimEnd().split("\n");
    expect(JSON.parse(head!)).toMatchObject({ id: "0", status: "executed", tier: 0, validators: { yes: "2", no: "0", abstain: "0" }, total_validators: "3" });
    expect(eventLines.map((l) => l.split(" ")[1])).toEqual(["created", "voted", "voted", "passed", "queued", "executed"]);
    // `cowboy logs --address 0x…09`: the same six events, as logs of 0x09
    expect((await run(6)).match(/cowboy:gov_/g)?.length).toBe(6);
    expect(await run(7)).toMatch(/"minBasefee":"20000"/);
    // The next block after activation already charges the new floor.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(JSON.parse(await run(8)).cycle_basefee).toBe("20000");
    console.log(`governance walk: propose → in force in ${elapsed.toFixed(1)} s`);
  });
});
