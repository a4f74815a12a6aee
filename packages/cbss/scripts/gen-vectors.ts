// Writes test-vectors/cbss/ibe.json (cips/cbss.md §1–§4). Deterministic: regenerating gives no diff.
// Run: pnpm --filter @cowboy/cbss vectors
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dealShares, encodePartial, recoverSignature } from "@cowboy/crypto";
import { toHex } from "@cowboy/codec";
import { ibeEncrypt, sealSecret, secretIdentity, signShare } from "../src/index.js";

const hex = toHex;
const enc = new TextEncoder();
const fill = (n: number, b: number): Uint8Array => new Uint8Array(n).fill(b);

const identities = [
  { chainId: 1n, owner: fill(20, 0x11), name: "openai.key", version: 1 },
  { chainId: 1n, owner: fill(20, 0x11), name: "openai.key", version: 2 },
  { chainId: 31337n, owner: fill(20, 0xab), name: "A_b-c.9", version: 4294967295 },
].map((r) => ({ chainId: r.chainId.toString(), owner: hex(r.owner), name: r.name, version: r.version, identity: hex(secretIdentity(r)) }));

const groupSecret = fill(32, 0x42);
const dealing = dealShares(groupSecret, 3, 5, fill(32, 0x07));
const ref = { chainId: 1n, owner: fill(20, 0x11), name: "openai.key", version: 1 };
const identity = secretIdentity(ref);
const other = secretIdentity({ ...ref, version: 2 });
const partials = dealing.shares.map((s) => signShare(s, identity));
const key = recoverSignature(partials.slice(0, 3), 3);
const value = enc.encode("sk-test-0123456789");
const sealed = sealSecret(dealing.groupPublicKey, identity, value, { dataKey: fill(32, 0x5a), sigma: fill(32, 0x3c), nonce: fill(12, 0x01) });
const ibe = ibeEncrypt(dealing.groupPublicKey, identity, fill(32, 0x5a), { sigma: fill(32, 0x3c) });

const vector = {
  identities,
  threshold: {
    t: 3,
    n: 5,
    groupSecret: hex(groupSecret),
    seed: hex(fill(32, 0x07)),
    commitments: dealing.commitments.map(hex),
    identity: hex(identity),
    partials: partials.map((p) => hex(encodePartial(p))),
    /** Share signatures on another identity (version 2): each must fail verification for `identity`. */
    wrongIdentityPartials: dealing.shares.slice(0, 3).map((s) => hex(encodePartial(signShare(s, other)))),
    decryptionKey: hex(key),
  },
  ibe: { master: hex(dealing.groupPublicKey), identity: hex(identity), msg: hex(fill(32, 0x5a)), sigma: hex(fill(32, 0x3c)), U: hex(ibe.U), V: hex(ibe.V), W: hex(ibe.W) },
  envelope: { dataKey: hex(fill(32, 0x5a)), sigma: hex(fill(32, 0x3c)), nonce: hex(fill(12, 0x01)), value: hex(value), sealed: hex(sealed) },
};

const path = fileURLToPath(new URL("../../../test-vectors/cbss/ibe.json", import.meta.url));
writeFileSync(path, `${JSON.stringify(vector, null, 2)}\n`);

// records.json: the canonical bytes of a policy, a release request and statement (signed), a receipt batch.
import { encode } from "@cowboy/codec";
import { policyCodec, receiptBatchCodec, reservationKey, signRequest, signStatement, signedCodec } from "../src/index.js";

const policy = { actors: [fill(20, 0x22)], jobKinds: ["http"], runnerRequires: ["net.http"], maxReleases: 10n, untilBlock: 100000n };
const request = {
  chainId: 1n,
  owner: fill(20, 0x11),
  name: "openai.key",
  version: 1,
  jobId: fill(32, 0x33),
  runner: fill(20, 0x44),
  transportKey: fill(32, 0x55),
  expiresAt: 1800000000n,
  nonce: fill(16, 0x66),
};
const runnerKey = fill(32, 0x61);
const proxyKey = fill(32, 0x71);
const signedRequest = signRequest(request, runnerKey);
const statement = {
  chainId: 1n,
  epoch: 1n,
  requestHash: fill(32, 0x77),
  owner: request.owner,
  name: request.name,
  version: 1,
  jobId: request.jobId,
  runner: request.runner,
  height: 42n,
  partial: encodePartial(partials[0]!),
};
const records = {
  policy: {
    json: { actors: [hex(fill(20, 0x22))], jobKinds: ["http"], runnerRequires: ["net.http"], maxReleases: "10", untilBlock: "100000" },
    encoded: hex(encode(policyCodec, policy)),
  },
  request: { runnerKey: hex(runnerKey), signed: hex(encode(signedCodec, signRequest(request, runnerKey))), body: hex(signedRequest.body) },
  statement: { proxyKey: hex(proxyKey), signed: hex(encode(signedCodec, signStatement(statement, proxyKey))) },
  receipts: hex(encode(receiptBatchCodec, [{ owner: request.owner, name: request.name, version: 1, jobId: request.jobId, runner: request.runner, height: 42n }])),
  // §7 "Release count": the state key of (owner, version 1, job, runner, name) reserved at height 42, and its value.
  reservation: { key: hex(reservationKey(request.owner, 1, request.jobId, request.runner, request.name)), height: "42", value: "000000000000002a" },
};
writeFileSync(fileURLToPath(new URL("../../../test-vectors/cbss/records.json", import.meta.url)), `${JSON.stringify(records, null, 2)}\n`);
