// Proxy registration (cips/cbss.md §6 "Proxies"): a proxy bonds stake at 0x04 with a BLS key (proof of
// possession checked; kept for a DKG among proxies) and an X25519 transport key; exit starts unbonding,
// withdraw returns what is left of the stake after the unbonding period.
import { U64_MAX } from "@cowboy/codec";
import { blsPopVerify } from "@cowboy/crypto";
import { CbssError } from "../errors.js";
import { type CbssContext, SECRETS_MANAGER_ADDRESS, getProxy, move, proxyAddresses, putProxy, writeProxyIndex } from "./context.js";
import { proxyBlsKey, proxyKey } from "./keys.js";
import { type ProxyRecord, ProxyStatus } from "./records.js";

export interface ProxyRegistration {
  readonly stake: bigint;
  readonly blsPublicKey: Uint8Array;
  readonly proofOfPossession: Uint8Array;
  readonly transportKey: Uint8Array;
  readonly endpoint: string;
}

export function registerProxy(ctx: CbssContext, req: ProxyRegistration): ProxyRecord {
  if (getProxy(ctx.state, ctx.sender) !== undefined) throw new CbssError("ALREADY_REGISTERED", "the sender is already a proxy");
  if (typeof req.stake !== "bigint" || req.stake <= 0n || req.stake > U64_MAX || req.stake < ctx.config.minProxyStake) {
    throw new CbssError("INVALID_AMOUNT", `stake ${String(req.stake)} is below min_proxy_stake ${ctx.config.minProxyStake}`);
  }
  if (!(req.transportKey instanceof Uint8Array) || req.transportKey.length !== 32) throw new CbssError("INVALID_ARGUMENT", "transport_key: expected 32 bytes (X25519)");
  if (typeof req.endpoint !== "string" || new TextEncoder().encode(req.endpoint).length > 256) throw new CbssError("INVALID_ARGUMENT", "endpoint: at most 256 bytes");
  let ok = false;
  try {
    ok = req.blsPublicKey.length === 48 && req.proofOfPossession.length === 96 && blsPopVerify(req.blsPublicKey, req.proofOfPossession);
  } catch {
    ok = false;
  }
  if (!ok) throw new CbssError("INVALID_BLS_KEY", "the BLS key is not a G1 point or its proof of possession does not verify");
  if (ctx.state.get(proxyBlsKey(req.blsPublicKey)) !== undefined) throw new CbssError("INVALID_BLS_KEY", "another proxy registered this BLS key");
  move(ctx, ctx.sender, SECRETS_MANAGER_ADDRESS, req.stake);
  const record: ProxyRecord = {
    blsPublicKey: req.blsPublicKey.slice(),
    transportKey: req.transportKey.slice(),
    endpoint: req.endpoint,
    stake: req.stake,
    status: ProxyStatus.Active,
    registeredAt: ctx.height,
    unbondingEndsAt: 0n,
    slashed: 0n,
  };
  putProxy(ctx.state, ctx.sender, record);
  ctx.state.set(proxyBlsKey(req.blsPublicKey), ctx.sender.slice());
  writeProxyIndex(ctx.state, [...proxyAddresses(ctx.state), ctx.sender.slice()]);
  return record;
}

function existing(ctx: CbssContext): ProxyRecord {
  const r = getProxy(ctx.state, ctx.sender);
  if (r === undefined) throw new CbssError("NOT_A_PROXY", "the sender is not a proxy");
  return r;
}

export function exitProxy(ctx: CbssContext): ProxyRecord {
  const r = existing(ctx);
  if (r.status !== ProxyStatus.Active) throw new CbssError("WRONG_STATUS", "the proxy is already unbonding");
  const next = { ...r, status: ProxyStatus.Unbonding, unbondingEndsAt: ctx.height + ctx.config.proxyUnbondingPeriod };
  putProxy(ctx.state, ctx.sender, next);
  return next;
}

/** Returns the stake left after slashes to the sender and deletes the record. */
export function withdrawProxy(ctx: CbssContext): bigint {
  const r = existing(ctx);
  if (r.status !== ProxyStatus.Unbonding) throw new CbssError("WRONG_STATUS", "withdraw: the proxy has not exited");
  if (ctx.height < r.unbondingEndsAt) throw new CbssError("WRONG_STATUS", `withdraw: unbonding ends at ${r.unbondingEndsAt}`);
  move(ctx, SECRETS_MANAGER_ADDRESS, ctx.sender, r.stake);
  ctx.state.delete(proxyKey(ctx.sender));
  ctx.state.delete(proxyBlsKey(r.blsPublicKey));
  writeProxyIndex(
    ctx.state,
    proxyAddresses(ctx.state).filter((a) => !a.every((b, i) => b === ctx.sender[i])),
  );
  return r.stake;
}
