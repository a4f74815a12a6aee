// A ChainView read straight from a Secrets Manager state (an embedded node, the bench, tests): the
// committee and secrets from the state, job and runner facts from the given lookups (the runner market's).
import type { CbssState } from "../chain/context.js";
import { currentCommittee, getProxy, getSecretHead, getSecretVersion } from "../chain/context.js";
import { getReservation } from "../chain/reservations.js";
import type { ChainView, RunnerView } from "./chain-view.js";
import type { JobHistory } from "../chain/history.js";

export interface StateViewOptions {
  readonly state: CbssState;
  /** The height the state is at. */
  readonly height: () => bigint;
  readonly job: (jobId: Uint8Array) => JobHistory | undefined;
  readonly runner: (address: Uint8Array) => RunnerView | undefined;
}

export function stateChainView(o: StateViewOptions): ChainView {
  return {
    async committee() {
      const c = currentCommittee(o.state);
      return c === undefined ? undefined : { committee: c, endpoints: c.members.map((m) => getProxy(o.state, m)?.endpoint ?? null), height: o.height() };
    },
    async secret(owner, name, version) {
      const head = getSecretHead(o.state, owner, name);
      if (head === undefined) return undefined;
      return { height: o.height(), head, version: getSecretVersion(o.state, owner, name, version ?? head.version) };
    },
    async job(id) {
      return o.job(id);
    },
    async runner(a) {
      return o.runner(a);
    },
    async reservation(owner, name, version, jobId, runner) {
      return getReservation(o.state, owner, name, version, jobId, runner);
    },
  };
}
