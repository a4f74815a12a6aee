// An account's standing with the chain's subsystems (apps/node/README.md "JSON-RPC"): an actor's rent record
// (cowboy_getRent, cips/rent.md) and the validator records with what staking and downtime tracking add to them
// (cowboy_validators: status, jail height, offences, missed votes — each absent where the node does not report it).
import { fromHex, toHex } from "@cowboy/codec";
import { optional } from "./reads.js";
import type { Request } from "./transport.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export interface RentInfo {
  readonly status: "active" | "dormant" | string;
  readonly assessedEpoch: bigint;
  readonly prepaid: bigint;
  readonly debt: bigint;
  readonly debtEntries: readonly { readonly epoch: bigint; readonly rate: bigint; readonly amount: bigint }[];
  readonly slots: bigint;
  readonly quota: bigint;
  readonly bond: bigint;
  /** Kept when the actor was evicted (its storage root and size), else null. */
  readonly evicted: { readonly root: Uint8Array; readonly bytes: bigint; readonly slots: bigint; readonly height: bigint } | null;
}

/** `cowboy_getRent`: null for an address rent does not track; undefined where the node does not serve it. */
export async function getRent(request: Request, address: Uint8Array): Promise<RentInfo | null | undefined> {
  type E = { epoch: string; rate: string; amount: string };
  const j = await optional(
    request<{
      status: string;
      assessed_epoch: string;
      prepaid: string;
      debt: string;
      debt_entries: E[];
      slots: string;
      quota: string;
      bond: string;
      evicted: { root: string; bytes: string; slots: string; height: string } | null;
    } | null>("cowboy_getRent", [hex(address)]),
  );
  if (j === undefined || j === null) return j;
  return {
    status: j.status,
    assessedEpoch: BigInt(j.assessed_epoch),
    prepaid: BigInt(j.prepaid),
    debt: BigInt(j.debt),
    debtEntries: j.debt_entries.map((d) => ({ epoch: BigInt(d.epoch), rate: BigInt(d.rate), amount: BigInt(d.amount) })),
    slots: BigInt(j.slots),
    quota: BigInt(j.quota),
    bond: BigInt(j.bond),
    evicted: j.evicted === null ? null : { root: fromHex(j.evicted.root), bytes: BigInt(j.evicted.bytes), slots: BigInt(j.evicted.slots), height: BigInt(j.evicted.height) },
  };
}

/** A validator as cowboy_validators reports it; the staking and downtime fields are undefined where not reported. */
export interface ValidatorRecord {
  readonly address: Uint8Array;
  readonly stake: bigint;
  /** The consensus index in the running set; null outside it. */
  readonly index: number | null;
  readonly connected: boolean;
  /** pending / active / unbonding / jailed (chains with staking). */
  readonly status?: string;
  readonly jailedUntil?: bigint;
  readonly offences?: bigint;
  /** Votes missed (downtime tracking). */
  readonly missedVotes?: bigint;
}

const optionalBig = (v: unknown): bigint | undefined => (v === undefined || v === null ? undefined : BigInt(v as string | number));

/** `cowboy_validators` with every field the node reports; undefined on a node without consensus. */
export async function getValidatorRecords(request: Request): Promise<ValidatorRecord[] | undefined> {
  const j = await optional(request<Record<string, unknown>[]>("cowboy_validators"));
  return j?.map((v) => {
    const jailedUntil = optionalBig(v.jailed_until);
    const offences = optionalBig(v.offences);
    const missedVotes = optionalBig(v.missedVotes ?? v.missed_votes);
    return {
      address: fromHex(v.address as string),
      stake: BigInt(v.stake as string),
      index: v.index === null || v.index === undefined ? null : Number(v.index),
      connected: v.connected === true,
      ...(typeof v.status === "string" ? { status: v.status } : {}),
      ...(jailedUntil === undefined ? {} : { jailedUntil }),
      ...(offences === undefined ? {} : { offences }),
      ...(missedVotes === undefined ? {} : { missedVotes }),
    };
  });
}
