import { struct, u64, type Infer } from "@cowboy/codec";

// Round (cips/consensus.md, "Types"; spec §3.4): the absolute position of one consensus slot, as
// commonware's canonical Round codec writes it: epoch then view, each a u64 big-endian (16 bytes).

/** Round(epoch, view): `epoch` numbers a validator set, `view` a slot within it (views start at 1). */
export const roundCodec = struct({ epoch: u64, view: u64 });
export type Round = Infer<typeof roundCodec>;

/** -1, 0 or 1 as `a` is before, equal to or after `b` (epoch first, then view). */
export function compareRounds(a: Round, b: Round): number {
  if (a.epoch !== b.epoch) return a.epoch < b.epoch ? -1 : 1;
  if (a.view !== b.view) return a.view < b.view ? -1 : 1;
  return 0;
}
