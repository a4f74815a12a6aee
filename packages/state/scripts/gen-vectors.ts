// Writes test-vectors/state/roots.json and proofs.json from the implementation, deterministically.
// Run: pnpm tsx --conditions=@cowboy/source packages/state/scripts/gen-vectors.ts
import { writeFileSync } from "node:fs";
import { toHex } from "@cowboy/codec";
import { accountKey, actorCodeKey, actorStorageKey, encodeProof, MemoryBackend, StateStore, systemKey } from "../src/index.js";

const enc = new TextEncoder();
const hex = (b: Uint8Array) => toHex(b);
type Write = [string, string | null]; // hex key, hex value or null (delete)

const scripts: Array<{ name: string; blocks: Write[][] }> = [
  { name: "empty", blocks: [[]] },
  { name: "one key", blocks: [[[hex(enc.encode("a")), hex(enc.encode("1"))]]] },
  {
    name: "two keys",
    blocks: [
      [
        [hex(enc.encode("a")), hex(enc.encode("1"))],
        [hex(enc.encode("b")), hex(enc.encode("2"))],
      ],
    ],
  },
  { name: "empty value", blocks: [[[hex(enc.encode("k")), ""]]] },
  {
    name: "write then delete everything",
    blocks: [
      [
        [hex(enc.encode("a")), "01"],
        [hex(enc.encode("b")), "02"],
      ],
      [
        [hex(enc.encode("a")), null],
        [hex(enc.encode("b")), null],
      ],
    ],
  },
  { name: "overwrite", blocks: [[[hex(enc.encode("x")), "01"]], [[hex(enc.encode("x")), "02"]]] },
  {
    name: "account keys (00 01 ‖ address)",
    blocks: [Array.from({ length: 16 }, (_, i): Write => [`0001${i.toString(16).padStart(2, "0").repeat(20)}`, `${i.toString(16).padStart(2, "0")}`.repeat(i + 1)])],
  },
  {
    name: "300 keys over 3 blocks with deletes",
    blocks: [0, 1, 2].map((b) =>
      Array.from({ length: 100 }, (_, i): Write => [hex(enc.encode(`k${(b * 57 + i * 13) % 150}`)), (b + i) % 5 === 0 ? null : hex(enc.encode(`v${b}-${i}`))]),
    ),
  },
];

const cases = scripts.map(({ name, blocks }) => {
  const store = StateStore.open(new MemoryBackend());
  const roots = blocks.map((writes, height) => {
    const fork = store.fork();
    for (const [key, value] of writes) value === null ? fork.delete(Buffer.from(key, "hex")) : fork.set(Buffer.from(key, "hex"), Buffer.from(value, "hex"));
    return hex(store.commit(fork, BigInt(height), new Uint8Array(32)));
  });
  return { name, blocks, roots };
});
writeFileSync(new URL("../../../test-vectors/state/roots.json", import.meta.url), `${JSON.stringify({ version: 1, cases }, null, 1)}\n`);

const store = StateStore.open(new MemoryBackend());
const fork = store.fork();
for (let i = 0; i < 50; i++) fork.set(enc.encode(`p${i}`), enc.encode(`value ${i}`));
const root = store.commit(fork, 0n, new Uint8Array(32));
const proofs = ["p0", "p31", "absent", "p50"].map((key) => {
  const proof = store.prove(enc.encode(key));
  return { key: hex(enc.encode(key)), value: proof.value === null ? null : hex(proof.value), proof: hex(encodeProof(proof)) };
});
writeFileSync(new URL("../../../test-vectors/state/proofs.json", import.meta.url), `${JSON.stringify({ version: 1, root: hex(root), proofs }, null, 1)}\n`);
const addr = Uint8Array.from({ length: 20 }, (_, i) => 0xa0 + i);
const keys = [
  { helper: "accountKey", args: [hex(addr)], key: hex(accountKey(addr)) },
  { helper: "actorCodeKey", args: [hex(addr)], key: hex(actorCodeKey(addr)) },
  { helper: "actorStorageKey", args: [hex(addr), ""], key: hex(actorStorageKey(addr, new Uint8Array(0))) },
  { helper: "actorStorageKey", args: [hex(addr), hex(enc.encode("balance:alice"))], key: hex(actorStorageKey(addr, enc.encode("balance:alice"))) },
  { helper: "systemKey", args: ["timers", hex(new Uint8Array([0, 0, 0, 0, 0, 0, 0, 42]))], key: hex(systemKey("timers", new Uint8Array([0, 0, 0, 0, 0, 0, 0, 42]))) },
  { helper: "systemKey", args: ["dedup", ""], key: hex(systemKey("dedup")) },
];
writeFileSync(new URL("../../../test-vectors/state/keys.json", import.meta.url), `${JSON.stringify({ version: 1, keys }, null, 1)}\n`);
console.log("wrote roots.json, proofs.json and keys.json");
