// Step 1 of the spec's state transition, Header/Proposer, with step 5's check: a block's header
// must follow from its parent's (hash, height, time), and its basefees must be the parent's
// adjusted by the parent's usage (§4.2) — the basefee adjustment of step 5 is carried by the child.
import { equalBytes, toHex } from "@cowboy/codec";
import { nextBasefees } from "@cowboy/fee-market";
import { headerHash, type Header } from "@cowboy/types";
import { BlockError } from "../errors.js";
import type { ActorBlockContext, Basefees, BlockEnv, ChainParams } from "../types.js";

/** The basefees a child of `parent` must carry (spec §4.2, through @cowboy/fee-market). */
export function nextBlockBasefees(parent: Header, params: ChainParams): Basefees {
  return nextBasefees({ cycle: parent.cycle_basefee, cell: parent.cell_basefee }, { cycles: parent.cycles_used, cells: parent.cells_used }, params.feeMarket);
}

/** R for randomness: the header's beacon; until consensus provides one, the parent hash (devnet only: predictable). */
export function beaconOf(beacon: Uint8Array, parentHash: Uint8Array): Uint8Array {
  return beacon.length > 0 ? beacon : parentHash;
}

/** The facts the block of `header` executes against, with `actors` as its actor bookkeeping. */
export function envOf(header: Header, actors: ActorBlockContext): BlockEnv {
  return {
    height: header.height,
    timestampMs: header.timestamp_ms,
    round: header.round,
    proposer: header.proposer,
    cycleBasefee: header.cycle_basefee,
    cellBasefee: header.cell_basefee,
    beacon: beaconOf(header.beacon, header.parent_hash),
    certificate: header.certificate,
    actors,
  };
}

/** Header fields a child of `parent` must carry, before execution; BlockError on the first that does not. */
export function checkHeaderAgainstParent(header: Header, parent: Header, params: ChainParams): void {
  if (!equalBytes(header.parent_hash, headerHash(parent))) throw new BlockError("BAD_PARENT", `parent_hash ${toHex(header.parent_hash)} is not the hash of the parent`);
  if (header.height !== parent.height + 1n) throw new BlockError("BAD_HEIGHT", `height ${header.height} does not follow ${parent.height}`);
  if (header.timestamp_ms <= parent.timestamp_ms) throw new BlockError("BAD_TIMESTAMP", `timestamp ${header.timestamp_ms} is not after the parent's ${parent.timestamp_ms}`);
  const expected = nextBlockBasefees(parent, params);
  if (header.cycle_basefee !== expected.cycle || header.cell_basefee !== expected.cell) {
    throw new BlockError("BAD_BASEFEE", `basefees (${header.cycle_basefee}, ${header.cell_basefee}) should be (${expected.cycle}, ${expected.cell})`);
  }
}

/** Checks `header` against `parent` and returns the environment its block executes in. */
export function processHeader(header: Header, parent: Header, params: ChainParams, actors: ActorBlockContext): BlockEnv {
  checkHeaderAgainstParent(header, parent, params);
  return envOf(header, actors);
}
