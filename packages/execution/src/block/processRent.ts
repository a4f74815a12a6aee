// State rent (spec "State Rent", §4.4, §17.5; cips/rent.md "Bounded work"): after the jobs and
// before the rewards, the rent cursor assesses a bounded number of actors; eviction prunes an
// actor's timers through the scheduler; notices become events in the block journal.
import { encodeCbor } from "@cowboy/codec";
import { processRent as assessSome, type RentNotice } from "@cowboy/rent";
import { sysCancelTimer, timersOf } from "@cowboy/scheduler";
import type { Event } from "@cowboy/types";
import { asFork } from "../actors/timers.js";
import { rentContext } from "../rent.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import { Accounts } from "../world.js";

const utf8 = new TextEncoder();

/** A notice as an event: topic `cowboy:rent_<kind>`, data the CBOR map {epochs_left, debt}. */
export function rentEvent(notice: RentNotice): Event {
  return {
    emitter: notice.actor.slice(),
    topic: utf8.encode(`cowboy:rent_${notice.kind}`),
    data: encodeCbor({ epochs_left: notice.epochsLeft, debt: notice.debt }),
  };
}

export function processRent(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  const ctx = rentContext(state, new Accounts(state, params.accountKey), params, env.height);
  const scheduler = params.scheduler;
  const report = assessSome(ctx, (actor) => {
    if (scheduler === undefined) return 0;
    const fork = asFork(state);
    const timers = timersOf(fork, actor);
    for (const { id, record } of timers) {
      sysCancelTimer(fork, env.height, id, scheduler);
      env.actors.journal.ended.push({ timerId: id, owner: record.owner, handler: record.handler, reason: "cancelled" });
    }
    return timers.length;
  });
  for (const notice of report.notices) env.actors.journal.rent.push(rentEvent(notice));
}
