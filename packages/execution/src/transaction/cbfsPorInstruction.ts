// CBFS proofs of retrievability (cips/cbfs.md §11): System sub_types 106 (por_challenge: anyone holding a relay's
// storage receipt for a shard of an anchored volume; the chunk is drawn from this block's beacon) and 107
// (por_respond: the relay's chunk and Merkle path). A proof that fails to verify slashes the relay; the slashed
// stake moves from 0x0B to the challenger. A refusal reverts with `<code>: <message>`.
import { CbfsChainError, DEFAULT_CBFS_CHAIN_CONFIG, RELAY_REGISTRY_ADDRESS, type ChainStore, answerPorChallenge, openPorChallenge } from "@cowboy/cbfs";
import type { InstructionOf } from "@cowboy/types";
import { type InstructionContext, type InstructionResult, reverted, succeeded } from "./instruction.js";

const HASH = 32;

export function cbfsPorInstruction(ctx: InstructionContext, ins: InstructionOf<"por_challenge" | "por_respond">): InstructionResult {
  const store: ChainStore = ctx.state;
  const cfg = ctx.params.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG;
  try {
    if (ins.type === "por_challenge") {
      if (ins.chunkCount > 0xffff_ffffn) throw new CbfsChainError("INVALID_PROOF", "chunk_count exceeds u32");
      const req = { relay: ins.relay, volume: ins.volume, shard: ins.shard, chunkCount: Number(ins.chunkCount), receipt: ins.receipt };
      openPorChallenge(store, ctx.env.height, ctx.env.beacon, ctx.tx.from, req, cfg);
    } else {
      if (ins.proof.length % HASH !== 0) throw new CbfsChainError("INVALID_PROOF", "a proof is a sequence of 32-byte hashes");
      const proof = Array.from({ length: ins.proof.length / HASH }, (_, i) => ins.proof.subarray(i * HASH, (i + 1) * HASH));
      const answer = answerPorChallenge(store, ctx.env.height, ctx.tx.from, ins.id, ins.chunk, proof, cfg);
      if (answer.slashed > 0n) {
        ctx.accounts.debit(RELAY_REGISTRY_ADDRESS, answer.slashed);
        ctx.accounts.credit(answer.challenger, answer.slashed);
      }
    }
  } catch (error) {
    if (error instanceof CbfsChainError) return reverted(ctx, `${error.code}: ${error.message}`);
    throw error;
  }
  return succeeded(ctx);
}
