/**
 * Fills the derived parts of test-vectors/crypto/bls.json and writes threshold-bls.json.
 * Every derived value is computed with blst and must be reproduced byte for byte by noble before
 * it is written, so a vector never records one backend's bug.
 * Run from packages/crypto: pnpm exec tsx --conditions=@cowboy/source scripts/generate-vectors.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dealShares, encodePartial, encodeShare, keccak256, getNativeBls, nobleBls, partialSign, recoverSignature } from "../src/index.js";

const dir = new URL("../../../test-vectors/crypto/", import.meta.url);
const toHex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const fromHex = (s: string) => new Uint8Array(Buffer.from(s, "hex"));
const blst = getNativeBls();
if (blst === undefined) throw new Error("blst is required to generate vectors");

function same<T>(a: T, b: T, what: string): T {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`backends disagree on ${what}`);
  return a;
}

const path = fileURLToPath(new URL("bls.json", dir));
const blsJson = JSON.parse(readFileSync(path, "utf8"));
const keys: Uint8Array[] = blsJson.publicKeys.map((k: { secretKey: string }) => fromHex(k.secretKey));
for (let i = 0; i < 5; i++) keys.push(keccak256(new TextEncoder().encode(`cowboy bls key ${i}`)).map((b, j) => (j === 0 ? b & 0x3f : b)));
const msg = keccak256(new TextEncoder().encode("cowboy fast aggregate verify"));
const pks = keys.map((k) => toHex(blst.getPublicKey(k)));
const sigs = keys.map((k) => same(toHex(blst.sign(msg, k)), toHex(nobleBls.sign(msg, k)), "sign"));

blsJson.aggregate = [1, 2, 8].map((count) => {
  const list = sigs.slice(0, count).map(fromHex);
  return { signatures: sigs.slice(0, count), output: same(toHex(blst.aggregateSignatures(list)), toHex(nobleBls.aggregateSignatures(list)), "aggregate") };
});
const agg8 = blsJson.aggregate[2].output as string;
const fav = (publicKeys: string[], message: Uint8Array, signature: string) => ({
  publicKeys,
  message: toHex(message),
  signature,
  output: same(
    blst.fastAggregateVerify(fromHex(signature), message, publicKeys.map(fromHex)),
    nobleBls.fastAggregateVerify(fromHex(signature), message, publicKeys.map(fromHex)),
    "fastAggregateVerify",
  ),
});
blsJson.fastAggregateVerify = [fav(pks, msg, agg8), fav(pks.slice(1), msg, agg8), fav(pks, new Uint8Array(32), agg8), fav(pks.slice(0, 1), msg, sigs[0] as string)];
writeFileSync(path, `${JSON.stringify(blsJson, null, 2)}\n`);

const cases = [
  { name: "1-of-1", t: 1, n: 1 },
  { name: "2-of-3", t: 2, n: 3 },
  { name: "3-of-5", t: 3, n: 5 },
  { name: "4-of-7", t: 4, n: 7 },
].map(({ name, t, n }) => {
  const secretKey = keys[3] as Uint8Array;
  const seed = keccak256(new TextEncoder().encode(`cowboy threshold seed ${name}`));
  const message = new TextEncoder().encode(`cowboy seed round ${name}`);
  const d = dealShares(secretKey, t, n, seed);
  const partials = d.shares.map((s) => partialSign(blst, s, message));
  same(
    partials.map((p) => toHex(p.signature)),
    d.shares.map((s) => toHex(partialSign(nobleBls, s, message).signature)),
    "partials",
  );
  const signature = toHex(recoverSignature(partials.slice(-t), t));
  same(signature, toHex(blst.sign(message, secretKey)), "group signature");
  return {
    name,
    secretKey: toHex(secretKey),
    seed: toHex(seed),
    threshold: t,
    n,
    message: toHex(message),
    groupPublicKey: toHex(d.groupPublicKey),
    commitments: d.commitments.map(toHex),
    shares: d.shares.map((s) => toHex(encodeShare(s))),
    partials: partials.map((p) => toHex(encodePartial(p))),
    signature,
  };
});
writeFileSync(
  fileURLToPath(new URL("threshold-bls.json", dir)),
  `${JSON.stringify({ description: "Threshold BLS dealings (cips/crypto.md): shares u32be(index)||scalar, partials u32be(index)||G2 signature; signature = recombination of the last t partials = direct signature by the group secret", cases }, null, 2)}\n`,
);
console.log("wrote bls.json and threshold-bls.json");
