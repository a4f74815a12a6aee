import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cliVersion, runCommand } from "../../src/cli.js";
import { parseCommandArgs, type CommandGroup } from "../../src/command.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

// The driver's help, version and global options (issue 20, "The CLI").
async function run(tree: CommandGroup, argv: string[]) {
  const io = memoryIo();
  const status = await runCommand(tree, argv, io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

/** A leaf that echoes the options it parsed, to see where global options land. */
const echo: CommandGroup = {
  summary: "echo tool",
  commands: {
    group: {
      summary: "a group",
      commands: {
        show: {
          summary: "print the parsed options",
          usage: "ARG [--rpc URL] [--json] [--key HEX]",
          details: "More about show.",
          async run(args, io) {
            const { values, positionals } = parseCommandArgs(
              args,
              { rpc: { type: "string" }, json: { type: "boolean" }, key: { type: "string" } },
              { min: 1, max: 1, names: "ARG" },
            );
            io.out(`${JSON.stringify({ values, positionals })}\n`);
            return 0;
          },
        },
      },
    },
    plain: {
      summary: "takes no options",
      usage: "",
      async run(args) {
        parseCommandArgs(args, {}, { min: 0, max: 0, names: "" });
        return 0;
      },
    },
  },
};

describe("--version", () => {
  it("prints the package's version and exits 0", async () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(cliVersion()).toBe(pkg.version);
    expect(await run(cowboy, ["--version"])).toEqual({ status: 0, stdout: `cowboy ${pkg.version}\n`, stderr: "" });
    expect((await run(cowboy, ["-V"])).stdout).toBe(`cowboy ${pkg.version}\n`);
  });
});

describe("help", () => {
  it("cowboy help GROUP prints that group's help, not the top level's", async () => {
    const actor = await run(cowboy, ["help", "actor"]);
    expect(actor.status).toBe(0);
    expect(actor.stdout).toContain("Usage: cowboy actor <command>");
    expect(actor.stdout).toMatch(/\n {2}deploy\s+deploy an actor/);
    expect(actor.stdout).not.toContain("Usage: cowboy <command>");
  });

  it("cowboy help GROUP COMMAND, GROUP help COMMAND and COMMAND --help print the command's help with its details", async () => {
    const a = await run(cowboy, ["help", "actor", "call"]);
    const b = await run(cowboy, ["actor", "help", "call"]);
    const c = await run(cowboy, ["actor", "call", "--help"]);
    expect(a.status).toBe(0);
    expect(a.stdout).toContain("Usage: cowboy actor call ADDR METHOD [ARGS_JSON] [--value N|2.5cby]");
    expect(a.stdout).toContain("simulated on the node");
    expect(a.stdout).toContain("Global options (anywhere on the line");
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    const leaf = await run(echo, ["help", "group", "show"]);
    expect(leaf.stdout).toBe(
      `print the parsed options\n\nUsage: cowboy group show ARG [--rpc URL] [--json] [--key HEX]\n\nMore about show.\n\n${leaf.stdout.split("\n\n").slice(3).join("\n\n")}`,
    );
    expect((await run(echo, ["help", "plain"])).stdout).toBe("takes no options\n\nUsage: cowboy plain \n");
  });

  it("refuses help for an unknown command with exit 2", async () => {
    expect(await run(cowboy, ["help", "actor", "nope"])).toMatchObject({ status: 2, stderr: "error: unknown command 'actor nope' (see 'cowboy actor --help')\n" });
  });

  it("the top-level help lists the global options and --version", async () => {
    const top = await run(cowboy, ["--help"]);
    expect(top.stdout).toContain("--rpc URL");
    expect(top.stdout).toContain("cowboy --version");
    expect(top.stdout).toMatch(/\n {2}faucet\s+devnet only/);
  });
});

describe("global options anywhere on the line", () => {
  it("hands options given before the command to the command, after its own arguments", async () => {
    const before = await run(echo, ["--rpc", "http://x:1", "--json", "group", "--key=0xab", "show", "a"]);
    expect(before.status).toBe(0);
    expect(JSON.parse(before.stdout)).toEqual({ values: { rpc: "http://x:1", json: true, key: "0xab" }, positionals: ["a"] });
    const after = await run(echo, ["group", "show", "a", "--rpc", "http://x:1", "--json", "--key=0xab"]);
    expect(JSON.parse(after.stdout)).toEqual(JSON.parse(before.stdout));
  });

  it("a command that takes no such option refuses it as unknown (exit 2)", async () => {
    const refused = await run(echo, ["--json", "plain"]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^error: Unknown option '--json'/);
  });

  it("reaches the real commands: --rpc before actor query", async () => {
    const r = await run(cowboy, ["--rpc", "http://127.0.0.1:1", "actor", "query", `0x${"11".repeat(20)}`, "get"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error: cowboy_call: cannot reach http:\/\/127\.0\.0\.1:1/);
  });
});

describe("amounts with units", () => {
  it("actor call --value takes a unit, and refuses a bad amount as a usage error", async () => {
    const bad = await run(cowboy, ["actor", "call", `0x${"11".repeat(20)}`, "m", "--value", "1 xyz", "--key", `0x${"42".repeat(32)}`]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^error: --value/);
    // A well-formed amount gets as far as the node (here: none).
    const ok = await run(cowboy, ["actor", "call", `0x${"11".repeat(20)}`, "m", "--value", "1cby", "--key", `0x${"42".repeat(32)}`, "--rpc", "http://127.0.0.1:1"]);
    expect(ok.status).toBe(1);
    expect(ok.stderr).toMatch(/cannot reach/);
    expect((await run(cowboy, ["faucet", `0x${"11".repeat(20)}`, "--amount", "2.5 cby!"])).status).toBe(2);
  });
});
