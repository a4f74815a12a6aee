// A peer killed with SIGKILL (no goodbye: its QUIC connection is left to time out) and restarted with the
// same key on a new port is reconnected and answers again (issue 17: "reconnection when a peer restarts").
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { Cluster, until } from "./cluster.js";

const cluster = new Cluster();
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await cluster.closeAll();
});

const fixture = fileURLToPath(new URL("./fixtures/echo-node.ts", import.meta.url));

async function spawnEchoNode(seedByte: number, bootstrap: string): Promise<{ child: ChildProcess; self: string; addresses: string[] }> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@cowboy/source", fixture, String(seedByte), bootstrap], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
    });
    child.once("exit", (code) => reject(new Error(`echo node exited with ${code} before starting`)));
  });
  return { child, ...(JSON.parse(line) as { self: string; addresses: string[] }) };
}

describe("crash and restart", () => {
  it("a SIGKILLed peer restarted with the same key on a new port is reconnected and answers again", async () => {
    const { boot, nodes } = await cluster.star(1);
    const a = nodes[0]!;
    const echoes: number[] = [];
    a.handle(2, (_from, message) => echoes.push(message[0]!));
    const first = await spawnEchoNode(7, boot.addresses()[0]!);
    await until("a connected to the echo node", () => a.peers().includes(first.self), 20_000);
    let tick = 0;
    await until("first echo", () => {
      if (tick++ % 5 === 0) a.send([first.self], 2, Uint8Array.of(1));
      return echoes.includes(1);
    });

    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    const second = await spawnEchoNode(7, boot.addresses()[0]!);
    expect(second.self).toBe(first.self);
    expect(second.addresses[0]).not.toBe(first.addresses[0]);
    const start = performance.now();
    tick = 0;
    await until(
      "an echo from the restarted process",
      () => {
        if (tick++ % 5 === 0) a.send([second.self], 2, Uint8Array.of(2));
        return echoes.includes(2);
      },
      30_000,
    );
    console.log(`SIGKILL restart: echoes again ${(performance.now() - start).toFixed(0)} ms after the new process printed its address`);
  });
});
