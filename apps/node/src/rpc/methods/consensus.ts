// The `consensus` namespace (issue 17): where consensus is, who validates, whether this node is catching up.
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hex } from "./json.js";
import { validatorRecords } from "./staking.js";

/** A node this many blocks or more behind the highest notarized block it knows of reports syncing. */
export const SYNCING_LAG = 3n;

export function consensusMethods({ chain, consensus }: NodeContext): RpcMethod[] {
  const need = () =>
    consensus ??
    (() => {
      throw new RpcError(RpcErrorCode.MethodNotFound, "this node runs without consensus (manual block production)");
    })();
  return [
    defineMethod({
      name: "cowboy_consensus",
      summary: "the consensus view, its leader, the notarized and finalized heights, validator and peer counts",
      params: [],
      handler: () => {
        const c = need();
        const s = c.status();
        return {
          epoch: (s.epoch ?? 0n).toString(),
          view: s.view.toString(),
          leader: s.leader === undefined ? null : hex(c.validators[s.leader]!.address),
          notarized_height: (s.notarizedHeight ?? s.finalizedHeight).toString(),
          finalized_height: chain.head.height.toString(),
          validators: c.validators.length,
          peers: c.peers().length,
          voting: s.voting,
          self: c.self ?? null,
        };
      },
    }),
    defineMethod({
      name: "cowboy_validators",
      summary:
        "the validators: on a chain with staking every record (status pending/active/unbonding/jailed, stake, unbonding and jail heights, offences, in_set) with its consensus index, network key and connection when it is in the running set; else the running set",
      params: [],
      handler: () => {
        if (chain.params.staking !== undefined) {
          const running = consensus?.validators.map((v) => hex(v.address)) ?? [];
          const connected = new Set(consensus?.peers() ?? []);
          return validatorRecords(chain).map((r) => {
            const index = running.indexOf(r.address);
            const v = index < 0 ? undefined : consensus!.validators[index]!;
            return {
              ...r,
              index: index < 0 ? null : index,
              network_key: v === undefined ? null : `0x${v.peer}`,
              connected: v === undefined ? false : index === consensus!.self || connected.has(v.peer),
            };
          });
        }
        const c = need();
        const connected = new Set(c.peers());
        return c.validators.map((v, index) => ({
          index,
          address: hex(v.address),
          stake: v.stake.toString(),
          bls_public_key: hex(v.blsPublicKey),
          network_key: `0x${v.peer}`,
          connected: index === c.self || connected.has(v.peer),
        }));
      },
    }),
    defineMethod({
      name: "cowboy_syncing",
      summary: "false, or { current_height, highest_height } while this node catches up with the network",
      params: [],
      handler: () => {
        const c = consensus;
        if (c === undefined) return false;
        const s = c.status();
        const highest = s.notarizedHeight ?? 0n;
        const current = chain.head.height;
        return highest >= current + SYNCING_LAG ? { current_height: current.toString(), highest_height: highest.toString() } : false;
      },
    }),
  ];
}
