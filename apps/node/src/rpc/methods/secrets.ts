// The `secrets` namespace (issue 23, cips/cbss.md §13): the 0x04 Secrets Manager's proxies, committee,
// secrets (envelopes only; the chain never holds a plaintext) and release receipts at the committed head,
// read through @cowboy/cbss, which owns the layout and the JSON forms.
import {
  type CbssState,
  DEFAULT_CBSS_CONFIG,
  committeeToJson,
  currentCommittee,
  currentEpoch,
  dkgStatusToJson,
  envelopeValueLength,
  getProxy,
  getReservation,
  getSecretHead,
  getSecretVersion,
  proxyAddresses,
  proxyToJson,
  receiptLog,
  receiptToJson,
  secretNames,
  secretToJson,
} from "@cowboy/cbss";
import { fromHex } from "@cowboy/codec";
import { z } from "zod";
import type { Chain } from "../../chain/chain.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { address, hash32 } from "./params.js";

const secretName = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, "expected a secret name: 1-64 characters of [A-Za-z0-9._-]");
const versionParam = z.number().int().min(1).max(0xffff_ffff).optional();

function headState(chain: Chain): CbssState {
  const refuse = (): never => {
    throw new RpcError(RpcErrorCode.InternalError, "the RPC reads the state only");
  };
  return { get: (key) => chain.state.get(key), set: refuse, delete: refuse };
}

function secretJson(chain: Chain, ownerHex: string, name: string, version?: number) {
  const state = headState(chain);
  const owner = fromHex(ownerHex.slice(2));
  const head = getSecretHead(state, owner, name);
  if (head === undefined) return null;
  const v = version ?? head.version;
  const record = getSecretVersion(state, owner, name, v);
  return { height: chain.head.height.toString(), ...secretToJson(owner, name, head, v, record, record === undefined ? 0 : envelopeValueLength(record.envelope)) };
}

export function secretsMethods({ chain }: NodeContext): RpcMethod[] {
  return [
    defineMethod({
      name: "cowboy_getSecret",
      summary: "a secret's head and one version (default latest: envelope, value length, policy), or null; never a plaintext",
      params: [
        ["owner", address],
        ["name", secretName],
        ["version", versionParam],
      ],
      handler: ([owner, name, version]) => secretJson(chain, owner, name, version),
    }),
    defineMethod({
      name: "cowboy_listSecrets",
      summary: "every secret of an owner (head and latest version), by name",
      params: [["owner", address]],
      handler: ([owner]) => secretNames({ state: headState(chain) }, fromHex(owner.slice(2))).map((n) => secretJson(chain, owner, n)),
    }),
    defineMethod({
      name: "cowboy_getSecretReceipts",
      summary: "a secret's release receipts (the audit log): version, job, runner, proxy, checked height, recorded height, fee paid",
      params: [
        ["owner", address],
        ["name", secretName],
      ],
      handler: ([owner, name]) => receiptLog({ state: headState(chain) }, fromHex(owner.slice(2)), name).map(receiptToJson),
    }),
    defineMethod({
      name: "cowboy_getCbssCommittee",
      summary: "the current CBSS committee: epoch, threshold, members with endpoints and transport keys, Feldman commitments, sealed shares; null before the first",
      params: [],
      handler: () => {
        const state = headState(chain);
        const c = currentCommittee(state);
        return c === undefined ? null : { height: chain.head.height.toString(), ...committeeToJson(c, (a) => getProxy(state, a)) };
      },
    }),
    defineMethod({
      name: "cowboy_getCbssDkg",
      summary:
        "a committee DKG / reshare for one epoch (default: the one after the current committee): the open or planned run, its dealings, the qualified dealers once finalized, the last failure",
      params: [["epoch", z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional()]],
      handler: ([epoch]) => {
        const state = headState(chain);
        const config = chain.params.cbss ?? DEFAULT_CBSS_CONFIG;
        const e = epoch === undefined ? (currentEpoch(state) ?? 0n) + 1n : BigInt(epoch);
        return { height: chain.head.height.toString(), ...dkgStatusToJson(state, e, config.maxCommittee, config.dkgWindow) };
      },
    }),
    defineMethod({
      name: "cowboy_getReleaseReservation",
      summary: "the height at which the chain reserved one max_releases release of a secret version for (job, runner), or null (cips/cbss.md §7)",
      params: [
        ["owner", address],
        ["name", secretName],
        ["version", z.number().int().min(1).max(0xffff_ffff)],
        ["jobId", hash32],
        ["runner", address],
      ],
      handler: ([owner, name, version, jobId, runner]) => {
        const at = getReservation(headState(chain), fromHex(owner.slice(2)), name, version, fromHex(jobId.slice(2)), fromHex(runner.slice(2)));
        return at === undefined ? null : { height: at.toString() };
      },
    }),
    defineMethod({
      name: "cowboy_listProxies",
      summary: "every registered CBSS proxy: BLS and transport keys, endpoint, stake, status, slashed",
      params: [],
      handler: () => {
        const state = headState(chain);
        return proxyAddresses(state).map((a) => proxyToJson(a, getProxy(state, a)!));
      },
    }),
  ];
}
