// Oracle withdrawal and slashing, and the wrapped-asset hooks of spec §16.2 (cips/interop.md "Unbonding and
// slashing", "Bridge hooks"): eth_withdraw_oracle pays an unbonded stake back; eth_slash_oracle takes an equivocating
// oracle's stake (a share to the prover, the rest to the Treasury); eth_register_asset creates a platform token at 0x06
// whose mint authority is 0x14 and opens its Locked-log subscription; eth_bridge_burn burns and records an unlock
// request. `mintLocked` is what a delivered Locked log does. A refusal reverts with the exception an actor would see.
import { encodeCbor } from "@cowboy/codec";
import {
  assetOfSubscription,
  checkAssetRequest,
  type Delivery,
  decodeLock,
  encodeUnlock,
  InteropError,
  recordMint,
  registerAsset,
  slashEquivocation,
  withdrawOracle,
} from "@cowboy/interop";
import { createToken, mint, TokenError } from "@cowboy/tokens";
import {
  type Event,
  type EthBridgeBurnInstruction,
  type EthRegisterAssetInstruction,
  type EthSlashOracleInstruction,
  type EthWithdrawOracleInstruction,
  SYSTEM_ACTORS,
  systemAddress,
} from "@cowboy/types";
import { tokensConfigOf } from "../actors/tokenHost.js";
import { bridgeBurn } from "../interop/burn.js";
import { EVENT_LISTENER_ADDRESS, listenerStore } from "../interop/listener.js";
import { type InstructionContext, type InstructionResult, reverted, succeeded } from "./instruction.js";

const utf8 = new TextEncoder();
const DISABLED = "RuntimeError: Ethereum interop is not enabled on this chain";

/** The exception line of a refusal (the codes of cips/errors.md "Interop" and "Tokens"). */
function refusal(ctx: InstructionContext, error: unknown): InstructionResult {
  if (error instanceof TokenError) return reverted(ctx, `TokenError: ${error.code}: ${error.message}`);
  if (!(error instanceof InteropError)) throw error;
  const type = error.code === "NOT_AN_ORACLE" || error.code === "NO_ASSET" ? "LookupError" : "ValueError";
  return reverted(ctx, `${type}: ${error.code}: ${error.message}`);
}

export function ethWithdrawOracle(ctx: InstructionContext, _ins: EthWithdrawOracleInstruction): InstructionResult {
  if (ctx.params.interop === undefined) return reverted(ctx, DISABLED);
  try {
    const stake = withdrawOracle(listenerStore(ctx.state), ctx.tx.from, ctx.env.height);
    ctx.accounts.debit(EVENT_LISTENER_ADDRESS, stake);
    ctx.accounts.credit(ctx.tx.from, stake);
    return succeeded(ctx);
  } catch (error) {
    return refusal(ctx, error);
  }
}

export function ethSlashOracle(ctx: InstructionContext, ins: EthSlashOracleInstruction): InstructionResult {
  const params = ctx.params.interop;
  if (params === undefined) return reverted(ctx, DISABLED);
  try {
    const out = slashEquivocation(listenerStore(ctx.state), ins.first, ins.second, ctx.params.chainId, params);
    ctx.accounts.debit(EVENT_LISTENER_ADDRESS, out.slashed);
    ctx.accounts.credit(ctx.tx.from, out.reward);
    ctx.accounts.credit(systemAddress(SYSTEM_ACTORS.treasury), out.slashed - out.reward);
    const event: Event = {
      emitter: EVENT_LISTENER_ADDRESS,
      topic: utf8.encode("cowboy:oracle_slashed"),
      data: encodeCbor({ oracle: out.oracle, slashed: out.slashed, reward: out.reward }),
    };
    return { ...succeeded(ctx), events: [event] };
  } catch (error) {
    return refusal(ctx, error);
  }
}

export function ethRegisterAsset(ctx: InstructionContext, ins: EthRegisterAssetInstruction): InstructionResult {
  const params = ctx.params.interop;
  if (params === undefined) return reverted(ctx, DISABLED);
  const store = listenerStore(ctx.state);
  const req = {
    bridge: ins.bridge,
    ethToken: ins.ethToken,
    decimals: ins.decimals,
    ethDecimals: ins.ethDecimals,
    fromBlock: ins.fromBlock,
    confirmations: ins.confirmations,
  };
  try {
    checkAssetRequest(store, req, params);
    const token = createToken(
      ctx.state,
      EVENT_LISTENER_ADDRESS,
      { name: ins.name, symbol: ins.symbol, decimals: Number(ins.decimals), initialSupply: 0n, maxSupply: null, hook: null },
      tokensConfigOf(ctx.params),
    );
    const asset = registerAsset(store, { ...req, token: token.id }, params);
    return succeeded(ctx, encodeCbor({ token: asset.token, subscription: asset.subscription }));
  } catch (error) {
    return refusal(ctx, error);
  }
}

export function ethBridgeBurn(ctx: InstructionContext, ins: EthBridgeBurnInstruction): InstructionResult {
  if (ctx.params.interop === undefined) return reverted(ctx, DISABLED);
  try {
    const request = bridgeBurn(ctx.state, listenerStore(ctx.state), ins.token, ctx.tx.from, ins.amount, ins.ethRecipient, ctx.env.height);
    const event: Event = { emitter: EVENT_LISTENER_ADDRESS, topic: utf8.encode("cowboy:bridge_unlock"), data: encodeUnlock(request) };
    return { ...succeeded(ctx, encodeCbor(request.sequence)), events: [event] };
  } catch (error) {
    return refusal(ctx, error);
  }
}

/**
 * A delivered log of a wrapped asset's subscription: mints the locked amount to the recipient. The log is consumed
 * either way (exactly once); a log that cannot mint leaves a `cowboy:bridge_mint_failed` event saying why.
 */
export function mintLocked(ctx: InstructionContext, d: Delivery): InstructionResult {
  const store = listenerStore(ctx.state);
  const asset = assetOfSubscription(store, d.subscription.id);
  if (asset === undefined) return succeeded(ctx);
  const checkpoint = ctx.state.checkpoint();
  try {
    const { recipient, amount } = decodeLock(asset, d.log);
    mint(ctx.state, asset.token, EVENT_LISTENER_ADDRESS, recipient, amount);
    recordMint(store, asset, amount);
    ctx.state.commitCheckpoint(checkpoint);
    const data = encodeCbor({ token: asset.token, recipient, amount, block_number: d.log.blockNumber, log_index: d.log.logIndex, transaction_hash: d.log.transactionHash });
    return { ...succeeded(ctx), events: [{ emitter: EVENT_LISTENER_ADDRESS, topic: utf8.encode("cowboy:bridge_mint"), data }] };
  } catch (error) {
    ctx.state.revertTo(checkpoint);
    if (!(error instanceof InteropError) && !(error instanceof TokenError)) throw error;
    const why = utf8.encode(`${error.code}: ${error.message}`);
    const data = Uint8Array.of(...d.subscription.id, ...why);
    return { ...succeeded(ctx), events: [{ emitter: EVENT_LISTENER_ADDRESS, topic: utf8.encode("cowboy:bridge_mint_failed"), data }] };
  }
}
