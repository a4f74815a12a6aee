import { describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

describe("cowboy init", () => {
  it("scaffolds an actor project whose test passes in the PVM", async () => {
    const io = memoryIo();
    expect(await runCommand(cowboy, ["init", "counter-app"], io)).toBe(0);
    expect(io.stdout.join("")).toBe("created counter-app/actors/counter/main.py\ncreated counter-app/tests/test_counter.py\ncreated counter-app/README.md\n");
    expect(io.files["counter-app/actors/counter/main.py"]).toContain("class Actor:");
    expect(io.files["counter-app/README.md"]).toContain("pnpm -s cowboy pvm run counter-app/tests/test_counter.py --path counter-app/actors/counter");

    const run = memoryIo({ files: io.files });
    const status = await runCommand(cowboy, ["pvm", "run", "counter-app/tests/test_counter.py", "--path", "counter-app/actors/counter"], run);
    expect(run.stderr.join("")).toBe("");
    expect(status).toBe(0);
    expect(run.stdout.join("")).toBe("ok: the counter counts\n");
  });

  it("refuses an existing directory and a bad name", async () => {
    const io = memoryIo({ files: { "taken/x": "" } });
    expect(await runCommand(cowboy, ["init", "taken"], io)).toBe(1);
    expect(io.stderr.join("")).toBe("error: taken already exists; choose another name\n");
    expect(await runCommand(cowboy, ["init", "../up"], memoryIo())).toBe(2);
  });

  it("reports a --path that is not a directory", async () => {
    const io = memoryIo({ files: { "t.py": "print(1)\n" } });
    expect(await runCommand(cowboy, ["pvm", "run", "t.py", "--path", "nowhere"], io)).toBe(2);
    expect(io.stderr[0]).toBe("error: --path nowhere is not a directory\n");
  });
});
