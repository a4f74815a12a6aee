// The JSON form of an active timer (`TimerJson` of @cowboy/types; cips/actors.md "Timers"), as RPC
// and tools show it. Not consensus: the canonical form is the record's wire encoding.
import { cborJsonOf, toHex, U64_MAX } from "@cowboy/codec";
import { priorityTierName, type TimerJson } from "@cowboy/types";
import type { TimerRecord } from "./timerRecord.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export function timerToJson(id: Uint8Array, r: TimerRecord): TimerJson {
  return {
    id: hex(id),
    owner: hex(r.owner),
    target: hex(r.target),
    fee_payer: hex(r.feePayer),
    handler: r.handler,
    data: hex(r.data),
    data_json: r.data.length === 0 ? null : cborJsonOf(r.data),
    next_fire_height: r.fireHeight.toString(),
    interval: r.interval.toString(),
    cycles_per_fire: r.gasLimitPerFire.toString(),
    cells_per_fire: r.maxCellsPerFire.toString(),
    expires_at: r.expiresAt === U64_MAX ? null : r.expiresAt.toString(),
    priority: priorityTierName(r.tier),
    max_fee_per_cycle: r.maxFeePerCycle.toString(),
    max_priority_fee_per_cycle: r.maxPriorityFeePerCycle.toString(),
    gas_bidding_agent: r.gba === null ? null : hex(r.gba),
    created_at: r.createdAt.toString(),
  };
}
