// The last check of an imported block: its header commits to exactly what execution produced —
// the lanes' and the block's usage, the receipts root, and the state root after every write.
import { equalBytes, toHex } from "@cowboy/codec";
import { LANES } from "@cowboy/fee-market";
import type { Header } from "@cowboy/types";
import { BlockError } from "../errors.js";
import type { ChainParams, StateAccess } from "../types.js";
import type { BlockTally } from "./tally.js";

/** Returns the state root; BlockError USAGE_MISMATCH or ROOT_MISMATCH on the first difference. */
export function checkRoots(state: StateAccess, header: Header, tally: BlockTally, params: ChainParams): Uint8Array {
  const usage = tally.laneUsage;
  const sameUsage = LANES.every((lane) => usage[lane] === header.lane_usage[lane]) && tally.cyclesUsed === header.cycles_used && tally.cellsUsed === header.cells_used;
  if (!sameUsage) throw new BlockError("USAGE_MISMATCH", "the header's usage fields do not match execution");
  if (!equalBytes(header.receipts_root, tally.receiptsRoot(params.hashes.keccak256))) {
    throw new BlockError("ROOT_MISMATCH", "receipts_root does not match the receipts");
  }
  const stateRoot = state.computeRoot();
  if (!equalBytes(header.state_root, stateRoot)) {
    throw new BlockError("ROOT_MISMATCH", `state_root ${toHex(header.state_root)} should be ${toHex(stateRoot)}`);
  }
  return stateRoot;
}
