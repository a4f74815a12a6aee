// `cowboy runner` and `cowboy job` argument checks, in process (the e2e in apps/runner/test/e2e runs them for real).
import { describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

const KEY = `0x${"11".repeat(32)}`;
/** A port nothing listens on (TCP port 9, discard). */
const NOWHERE = "http://127.0.0.1:9";

async function cli(argv: string[]) {
  const io = memoryIo({});
  const status = await runCommand(cowboy, argv, io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

describe("cowboy runner", () => {
  it("refuses a start without stake, without or with unknown entitlements, or with contradictory LLM options", async () => {
    expect(await cli(["runner", "start", "--key", KEY, "--provides", "net.http"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--stake/) });
    expect(await cli(["runner", "start", "--key", KEY, "--stake", "10000cby"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--provides/) });
    expect(await cli(["runner", "start", "--key", KEY, "--stake", "10000cby", "--provides", "net.http,gpu"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/gpu/) });
    expect(await cli(["runner", "start", "--key", KEY, "--stake", "ten", "--provides", "net.http"])).toMatchObject({ status: 2 });
    expect(await cli(["runner", "start", "--key", KEY, "--stake", "1", "--provides", "llm", "--llm-endpoint", "http://127.0.0.1:1/v1"])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--llm-name/),
    });
    expect(await cli(["runner", "start", "--key", KEY, "--stake", "1", "--provides", "llm", "--poll", "5"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--poll/) });
  });
  it("checks --rate, --proxies and --test-fault before starting anything", async () => {
    const base = ["runner", "start", "--key", KEY, "--stake", "10000cby", "--rpc", NOWHERE];
    expect(await cli([...base, "--provides", "net.http", "--rate", "http"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/KIND=AMOUNT/) });
    expect(await cli([...base, "--provides", "net.http", "--rate", "http=1cby,http=2cby"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/http twice/) });
    expect(await cli([...base, "--provides", "net.http", "--rate", "http=lots"])).toMatchObject({ status: 2 });
    expect(await cli([...base, "--provides", "net.http", "--proxies", "http://127.0.0.1:7401"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/secret\.read/) });
    expect(await cli([...base, "--provides", "net.http,secret.read", "--proxies", "127.0.0.1:7401"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/URL/) });
    expect(await cli([...base, "--provides", "net.http", "--test-fault", "lie"])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/tamper, no-reveal, bad-reveal, schema-violation/),
    });
  });
  it("checks --tee-key and --tee-measurement against each other and against --provides tee", async () => {
    const base = ["runner", "start", "--key", KEY, "--stake", "10000cby", "--rpc", NOWHERE];
    const h = `0x${"ee".repeat(32)}`;
    expect(await cli([...base, "--provides", "net.http,tee", "--tee-key", h])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--tee-key and --tee-measurement go together/),
    });
    expect(await cli([...base, "--provides", "net.http,tee"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--provides tee needs --tee-key/) });
    expect(await cli([...base, "--provides", "net.http", "--tee-key", h, "--tee-measurement", h])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--tee-key needs --provides to include tee/),
    });
    expect(await cli([...base, "--provides", "net.http,tee", "--tee-key", "0xee", "--tee-measurement", h])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/32 bytes of hex/),
    });
  });
  it("parses a rate card into base units", async () => {
    const { parseRates } = await import("../../src/commands/runner.js");
    expect(parseRates("http=0.5cby, llm=2cby,compute=7")).toEqual({ http: 500_000_000n, llm: 2_000_000_000n, compute: 7n });
  });
  it("reports an unreachable node in one line", async () => {
    const out = await cli(["runner", "status", `0x${"12".repeat(20)}`, "--rpc", NOWHERE]);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/is the devnet running/);
  });
});

describe("cowboy job", () => {
  it("refuses malformed ids, addresses, statuses and limits", async () => {
    expect((await cli(["job", "status", "0x1234"])).status).toBe(2);
    expect((await cli(["job", "list", "--actor", "0x12"])).status).toBe(2);
    expect(await cli(["job", "list", "--status", "done"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/settled/) });
    expect((await cli(["job", "list", "--limit", "0"])).status).toBe(2);
  });

  it("challenge: needs an id, a runner, exactly one form of evidence in hex, and a signer", async () => {
    const id = `0x${"ab".repeat(32)}`;
    const runner = `0x${"12".repeat(20)}`;
    expect((await cli(["job", "challenge", "0x12", "--runner", runner, "--evidence", "0x80", "--key", KEY])).status).toBe(2);
    expect(await cli(["job", "challenge", id, "--evidence", "0x80", "--key", KEY])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--runner/) });
    expect(await cli(["job", "challenge", id, "--runner", runner, "--key", KEY])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--evidence HEX or --evidence-file/) });
    expect(await cli(["job", "challenge", id, "--runner", runner, "--evidence", "0xzz", "--key", KEY])).toMatchObject({ status: 2, stderr: expect.stringMatching(/must be hex/) });
    const out = await cli(["job", "challenge", id, "--runner", runner, "--evidence", "0x80", "--key", KEY, "--rpc", NOWHERE]);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/is the devnet running/);
  });
});
