// Secrets (cips/cbss.md §7): put stores version 1's envelope and policy with a fee deposit; rotate
// stores a new version (sealed to its own identity) and ends the previous one; revoke ends the secret;
// top_up adds to the deposit. The chain sees envelopes only: it checks their shape, never their contents.
import { encode } from "@cowboy/codec";
import { parseEnvelope } from "../crypto/envelope.js";
import { checkSecretName } from "../crypto/identity.js";
import { CbssError } from "../errors.js";
import { type CbssContext, SECRETS_MANAGER_ADDRESS, currentCommittee, getSecretHead, getSecretVersion, move } from "./context.js";
import { ownerIndexKey, secretKey, versionKey } from "./keys.js";
import { type SecretHead, type SecretPolicy, type SecretVersion, decodeRecord, nameListCodec, secretHeadCodec, secretVersionCodec } from "./records.js";

function checkPut(ctx: CbssContext, name: string, envelope: Uint8Array, policy: SecretPolicy): void {
  checkSecretName(name);
  if (currentCommittee(ctx.state) === undefined) throw new CbssError("NO_COMMITTEE", "no CBSS committee has been published; secrets cannot be sealed yet");
  if (envelope.length > ctx.config.maxEnvelopeBytes) throw new CbssError("INVALID_ARGUMENT", `envelope of ${envelope.length} bytes exceeds ${ctx.config.maxEnvelopeBytes}`);
  parseEnvelope(envelope);
  const max = ctx.config.maxPolicyEntries;
  for (const [k, list] of [
    ["actors", policy.actors],
    ["job_kinds", policy.jobKinds],
    ["runner_requires", policy.runnerRequires],
  ] as const) {
    if (list.length > max) throw new CbssError("INVALID_ARGUMENT", `policy.${k}: ${list.length} entries exceed ${max}`);
  }
  if (policy.untilBlock !== 0n && policy.untilBlock < ctx.height) throw new CbssError("INVALID_ARGUMENT", `policy.until_block ${policy.untilBlock} is in the past`);
}

const putHead = (ctx: CbssContext, name: string, head: SecretHead): void => ctx.state.set(secretKey(ctx.sender, name), encode(secretHeadCodec, head));
const putVersion = (ctx: CbssContext, owner: Uint8Array, name: string, version: number, v: SecretVersion): void =>
  ctx.state.set(versionKey(owner, version, name), encode(secretVersionCodec, v));

/** The owner's secret names, ascending. */
export function secretNames(ctx: Pick<CbssContext, "state">, owner: Uint8Array): readonly string[] {
  const b = ctx.state.get(ownerIndexKey(owner));
  return b === undefined ? [] : decodeRecord(nameListCodec, "owner index", b);
}

export function putSecret(ctx: CbssContext, name: string, envelope: Uint8Array, policy: SecretPolicy, deposit: bigint): SecretHead {
  checkPut(ctx, name, envelope, policy);
  if (getSecretHead(ctx.state, ctx.sender, name) !== undefined) throw new CbssError("SECRET_EXISTS", `secret ${name} exists; rotate it`);
  move(ctx, ctx.sender, SECRETS_MANAGER_ADDRESS, deposit);
  const head: SecretHead = { version: 1, revokedAt: 0n, deposit, releases: 0n, createdAt: ctx.height };
  putHead(ctx, name, head);
  putVersion(ctx, ctx.sender, name, 1, { envelope: envelope.slice(), policy, createdAt: ctx.height, endedAt: 0n });
  const names = [...secretNames(ctx, ctx.sender), name].sort();
  ctx.state.set(ownerIndexKey(ctx.sender), encode(nameListCodec, names));
  return head;
}

function live(ctx: CbssContext, name: string): SecretHead {
  checkSecretName(name);
  const head = getSecretHead(ctx.state, ctx.sender, name);
  if (head === undefined) throw new CbssError("NO_SECRET", `no secret ${name}`);
  if (head.revokedAt !== 0n) throw new CbssError("REVOKED", `secret ${name} is revoked`);
  return head;
}

function endVersion(ctx: CbssContext, name: string, version: number): void {
  const v = getSecretVersion(ctx.state, ctx.sender, name, version);
  if (v === undefined) throw new CbssError("CORRUPT_STATE", `secret ${name} has no version ${version}`);
  putVersion(ctx, ctx.sender, name, version, { ...v, endedAt: ctx.height });
}

/** rotate: version + 1 with a new envelope (sealed to the new version's identity) and policy; the release count restarts. */
export function rotateSecret(ctx: CbssContext, name: string, envelope: Uint8Array, policy: SecretPolicy): SecretHead {
  const head = live(ctx, name);
  checkPut(ctx, name, envelope, policy);
  if (head.version === 0xffff_ffff) throw new CbssError("INVALID_ARGUMENT", "version would exceed u32");
  endVersion(ctx, name, head.version);
  const next = { ...head, version: head.version + 1, releases: 0n };
  putHead(ctx, name, next);
  putVersion(ctx, ctx.sender, name, next.version, { envelope: envelope.slice(), policy, createdAt: ctx.height, endedAt: 0n });
  return next;
}

/** revoke: no release is allowed from this height on; the unspent deposit returns to the owner. */
export function revokeSecret(ctx: CbssContext, name: string): SecretHead {
  const head = live(ctx, name);
  endVersion(ctx, name, head.version);
  move(ctx, SECRETS_MANAGER_ADDRESS, ctx.sender, head.deposit);
  const next = { ...head, revokedAt: ctx.height, deposit: 0n };
  putHead(ctx, name, next);
  return next;
}

export function topUpSecret(ctx: CbssContext, name: string, amount: bigint): SecretHead {
  const head = live(ctx, name);
  if (amount <= 0n) throw new CbssError("INVALID_AMOUNT", "top_up: amount must be above 0");
  move(ctx, ctx.sender, SECRETS_MANAGER_ADDRESS, amount);
  const next = { ...head, deposit: head.deposit + amount };
  putHead(ctx, name, next);
  return next;
}
