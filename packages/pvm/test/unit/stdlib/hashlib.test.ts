import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { hashlibModule } from "../../../src/stdlib/hashlib.js";
import { conformancePrograms, coster, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "hashlib");
const modules = new ModuleRegistry().register("hashlib", hashlibModule());

const run = runner(modules);

conformancePrograms("hashlib conformance (CPython 3.11 outputs)", dir, run);

describe("hashlib.keccak256 (Cowboy extension)", () => {
  it("matches the Keccak-256 vectors Ethereum uses", () => {
    const { out, r } = run(
      "import hashlib\nprint(hashlib.keccak256().hexdigest())\nprint(hashlib.keccak256(b'abc').hexdigest())\n" +
        "h = hashlib.new('keccak256', b'a')\nh.update(b'bc')\nprint(h.hexdigest(), h.name, h.digest_size, h.block_size)\n",
    );
    expect(r.result).toBe("ok");
    expect(out).toBe(
      "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470\n" +
        "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45\n" +
        "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45 keccak256 32 136\n",
    );
  });
});

const cost = coster(run);

describe("hashlib costs", () => {
  // Pinned Cycle counts: a change here is a consensus change (cips/pvm-stdlib-data.md §3).
  const pre = "import hashlib\nh = hashlib.sha256(b'x' * 1000)\nk = hashlib.keccak256(b'x' * 1000)\nb = hashlib.blake2b(b'x' * 1000)\n";
  it("digests charge the spec's per-block prices on the whole message", () => {
    const sha = cost(pre, "d = h.digest()\n");
    const kec = cost(pre, "d = k.digest()\n");
    const bl = cost(pre, "d = b.digest()\n");
    // The primitive alone: SHA-256 500 + 8 x 16 blocks; Keccak 6 x 32 words; BLAKE2b 500 + 8 x 8 blocks.
    expect([sha - kec, bl - sha]).toEqual([628n - 192n, 564n - 628n]);
    expect([sha, kec, bl]).toEqual([668n, 232n, 604n]);
  });
});
