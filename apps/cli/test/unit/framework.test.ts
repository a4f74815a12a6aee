import { describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { parseCommandArgs, type CommandGroup } from "../../src/command.js";
import { CliError } from "../../src/errors.js";
import { decodeUtf8, readInputFile } from "../../src/io.js";
import { memoryIo } from "../utils/memory-io.js";

const tree: CommandGroup = {
  summary: "test tool",
  commands: {
    greet: {
      summary: "print a greeting",
      usage: "NAME [--loud]",
      async run(args, io) {
        const { values, positionals } = parseCommandArgs(args, { loud: { type: "boolean" } }, { min: 1, max: 1, names: "NAME" });
        io.out(`${values.loud ? "HELLO" : "hello"} ${positionals[0]}\n`);
        return 0;
      },
    },
    fail: {
      summary: "always fails",
      usage: "",
      async run() {
        throw new CliError("the operation failed");
      },
    },
    crash: {
      summary: "throws a non-CLI error",
      usage: "",
      async run() {
        throw new RangeError("boom");
      },
    },
  },
};

describe("runCommand", () => {
  it("dispatches to a leaf and passes its arguments", async () => {
    const io = memoryIo();
    expect(await runCommand(tree, ["greet", "world", "--loud"], io)).toBe(0);
    expect(io.stdout.join("")).toBe("HELLO world\n");
    expect(io.stderr).toEqual([]);
  });

  it("prints group help with every command and exits 2 when no command is given", async () => {
    const io = memoryIo();
    expect(await runCommand(tree, [], io)).toBe(2);
    const help = io.stdout.join("");
    expect(help).toContain("Usage: cowboy <command>");
    expect(help).toMatch(/greet\s+print a greeting/);
    expect(help).toMatch(/fail\s+always fails/);
  });

  it("prints help and exits 0 on --help", async () => {
    const io = memoryIo();
    expect(await runCommand(tree, ["--help"], io)).toBe(0);
    expect(io.stdout.join("")).toContain("Commands:");
    const leaf = memoryIo();
    expect(await runCommand(tree, ["greet", "--help"], leaf)).toBe(0);
    expect(leaf.stdout.join("")).toBe("print a greeting\n\nUsage: cowboy greet NAME [--loud]\n");
  });

  it("rejects an unknown command with exit 2 and one line on stderr", async () => {
    const io = memoryIo();
    expect(await runCommand(tree, ["nope"], io)).toBe(2);
    expect(io.stderr.join("")).toBe("error: unknown command 'nope' (see 'cowboy --help')\n");
    expect(await runCommand(tree, ["constructor"], memoryIo())).toBe(2);
  });

  it("reports usage errors with the usage line", async () => {
    const unknown = memoryIo();
    expect(await runCommand(tree, ["greet", "x", "--quiet"], unknown)).toBe(2);
    expect(unknown.stderr[0]).toMatch(/^error: Unknown option '--quiet'/);
    expect(unknown.stderr[1]).toBe("usage: cowboy greet NAME [--loud]\n");

    const missing = memoryIo();
    expect(await runCommand(tree, ["greet"], missing)).toBe(2);
    expect(missing.stderr[0]).toBe("error: missing argument: NAME\n");

    const surplus = memoryIo();
    expect(await runCommand(tree, ["greet", "a", "b"], surplus)).toBe(2);
    expect(surplus.stderr[0]).toBe("error: unexpected argument: b\n");
  });

  it("reports failures as one stderr line with exit 1", async () => {
    const io = memoryIo();
    expect(await runCommand(tree, ["fail"], io)).toBe(1);
    expect(io.stderr).toEqual(["error: the operation failed\n"]);
    const crash = memoryIo();
    expect(await runCommand(tree, ["crash"], crash)).toBe(1);
    expect(crash.stderr).toEqual(["error: RangeError: boom\n"]);
  });
});

describe("input helpers", () => {
  it("names a missing file", async () => {
    await expect(readInputFile(memoryIo(), "absent.py")).rejects.toThrow("cannot read absent.py: no such file");
  });

  it("rejects invalid UTF-8 instead of replacing it", () => {
    expect(decodeUtf8(new Uint8Array([0x68, 0x69]), "x")).toBe("hi");
    expect(() => decodeUtf8(new Uint8Array([0xff, 0xfe, 0x00]), "actor.py")).toThrow("actor.py is not valid UTF-8");
  });

  it("keeps a byte-order mark so canonicalization can see and strip it", () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), "x")).toBe("\uFEFFa");
  });
});
