// The `staking` namespace (issue 21, cips/staking.md): the supply record and validator records at
// the head, read from the state through @cowboy/staking (which owns the layout).
import { fromHex } from "@cowboy/codec";
import type { Chain } from "../../chain/chain.js";
import {
  consensusSetFor,
  epochOf,
  epochSetAt,
  epochSetToJson,
  getSupply,
  getValidator,
  getVesting,
  lockedAt,
  unlockedAt,
  totalSupply,
  validatorAddresses,
  missedVotes,
  validatorToJson,
  type StakingConfig,
  type StakingState,
  type SupplyRecord,
  type ValidatorJson,
} from "@cowboy/staking";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hex } from "./json.js";
import { address, blockTag } from "./params.js";

/** The committed head's state as staking reads it (the RPC never writes). */
function headState(chain: Chain): StakingState {
  const refuse = (): never => {
    throw new RpcError(RpcErrorCode.InternalError, "the RPC reads the state only");
  };
  return { get: (key) => chain.state.get(key), set: refuse, delete: refuse };
}

/** The chain's staking configuration, or -32601 on a chain without staking. */
export function stakingOf(chain: Chain): StakingConfig {
  const config = chain.params.staking;
  if (config === undefined) throw new RpcError(RpcErrorCode.MethodNotFound, "this chain runs without staking (cips/staking.md)");
  return config;
}

/** Every validator record at the head, ascending by address, with whether it is in the current epoch's set. */
export function validatorRecords(chain: Chain): Array<ValidatorJson & { in_set: boolean; missed_votes: string }> {
  const config = stakingOf(chain);
  const state = headState(chain);
  const set = epochSetAt(state, config, chain.head.height + 1n) ?? epochSetAt(state, config, chain.head.height);
  const members = new Set(set?.members.map((m) => hex(m.address)));
  return validatorAddresses(state).map((a) => {
    const json = validatorToJson(a, getValidator(state, a)!);
    // Votes missed in the current downtime window (cips/staking.md "Downtime").
    return { ...json, in_set: members.has(json.address), missed_votes: missedVotes(state, a).toString() };
  });
}

export function stakingMethods({ chain, observations }: NodeContext): RpcMethod[] {
  /** The supply after block `height` as this node indexed it when it committed the block (the state keeps only the head's). */
  const indexedSupply = (height: bigint): SupplyRecord => {
    const r = observations?.supplyAt(height);
    if (r === undefined) throw new RpcError(RpcErrorCode.NotFound, `no supply record indexed for height ${height} (this node did not index that block)`);
    return { genesis: BigInt(r.genesis), issued: BigInt(r.issued), burned: BigInt(r.burned), yearBase: BigInt(r.yearBase) };
  };
  return [
    defineMethod({
      name: "cowboy_supply",
      summary: "the supply record at the head, or after block `height` (from the node's index): genesis, issued, burned and total = genesis + issued − burned (base units)",
      params: [["height", blockTag.optional()]],
      handler: ([tag]) => {
        stakingOf(chain);
        const head = chain.head.height;
        const height = tag === undefined || tag === "latest" || tag === "finalized" ? head : BigInt(tag);
        if (height > head) throw new RpcError(RpcErrorCode.InvalidParams, `height ${height} is above the head ${head}`);
        const atHead = getSupply(headState(chain));
        // Genesis is never committed as a block, so never indexed: its record is the genesis amount with nothing
        // issued or burned (staking's initSupply), and the genesis amount never changes.
        const r =
          height === head ? atHead : height === 0n && atHead !== undefined ? { genesis: atHead.genesis, issued: 0n, burned: 0n, yearBase: atHead.genesis } : indexedSupply(height);
        if (r === undefined) throw new RpcError(RpcErrorCode.InternalError, "the state has no supply record");
        return {
          height: height.toString(),
          genesis: r.genesis.toString(),
          issued: r.issued.toString(),
          burned: r.burned.toString(),
          total: totalSupply(r).toString(),
          year_base: r.yearBase.toString(),
        };
      },
    }),
    defineMethod({
      name: "cowboy_validator",
      summary: "one validator's record at the head (status, stake, unbonding and jail heights, offences, votes missed in the current downtime window), or null",
      params: [["address", address]],
      handler: ([a]) => {
        stakingOf(chain);
        const state = headState(chain);
        const record = getValidator(state, fromHex(a));
        return record === undefined ? null : { ...validatorToJson(fromHex(a), record), missed_votes: missedVotes(state, fromHex(a)).toString() };
      },
    }),
    defineMethod({
      name: "cowboy_vesting",
      summary: "an account's genesis vesting at the head: total, claimed, unlocked, locked and claimable (base units), or null",
      params: [["address", address]],
      handler: ([a]) => {
        stakingOf(chain);
        const r = getVesting(headState(chain), fromHex(a));
        if (r === undefined) return null;
        const height = chain.head.height + 1n;
        const unlocked = unlockedAt(r, height);
        return {
          address: a,
          height: height.toString(),
          total: r.total.toString(),
          claimed: r.claimed.toString(),
          unlocked: unlocked.toString(),
          locked: lockedAt(r, height).toString(),
          claimable: (unlocked - r.claimed).toString(),
          schedule: { at_genesis: r.atGenesis.toString(), cliff: r.cliff.toString(), period: r.period.toString(), periods: r.periods.toString() },
        };
      },
    }),
    defineMethod({
      name: "cowboy_epoch",
      summary:
        "the epoch of the next block, its validator set with the stake snapshot, and the consensus hand-over: the group key's status (ok, failed, missing, mismatch) and the epoch whose set and key consensus runs with",
      params: [],
      handler: () => {
        const config = stakingOf(chain);
        const height = chain.head.height + 1n;
        const state = headState(chain);
        const epoch = epochOf(config, height);
        const set = epochSetAt(state, config, height);
        const running = consensusSetFor(state, config, epoch);
        return {
          epoch: epoch.toString(),
          epoch_length: config.epochLength.toString(),
          set: set === undefined ? null : epochSetToJson(set),
          group_key:
            running === undefined
              ? { status: "missing", continued_from: null }
              : {
                  status: running.status,
                  continued_from: running.from.toString(),
                  threshold: running.key.threshold.toString(),
                  group_public_key: hex(running.key.commitments[0]!),
                  commitments: running.key.commitments.map((c) => hex(c)),
                  members: running.members.map((m) => hex(m.address)),
                },
        };
      },
    }),
  ];
}
