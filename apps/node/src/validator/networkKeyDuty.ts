// A validator's network identity on chain (cips/staking.md "Network keys"): a validator that has a record
// but is not in the genesis file publishes the Ed25519 key its node authenticates with (`set_network_key`),
// so every node can run it in a consensus set once a reshare includes it. Checked after each commit; sent
// again if it has not landed RESUBMIT_AFTER_BLOCKS later.
import { equalBytes } from "@cowboy/codec";
import { ed25519 } from "@cowboy/crypto";
import { getValidator, networkKeyMessage, validatorNetworkKey, type StakingState } from "@cowboy/staking";
import type { Instruction } from "@cowboy/types";
import type { Logger } from "../logger.js";
import type { ConsensusGenesis, ValidatorKeys } from "./keys.js";
import { RESUBMIT_AFTER_BLOCKS } from "./reshareAgent.js";

/** The set_network_key instruction for `keys` on chain `chainId`. */
export function networkKeyInstruction(keys: ValidatorKeys, chainId: bigint): Instruction {
  return { type: "set_network_key", networkKey: keys.networkKey, signature: ed25519.sign(networkKeyMessage(chainId, keys.address), keys.networkSecret) };
}

export class NetworkKeyDuty {
  #sentAt: bigint | undefined;

  constructor(
    private readonly o: {
      readonly keys: ValidatorKeys;
      readonly chainId: bigint;
      readonly genesis: ConsensusGenesis;
      readonly submit: (instruction: Instruction) => void;
      readonly logger: Logger;
    },
  ) {}

  /** After block `height` is committed: publish the key when the record exists and the chain knows no (or another) key for it. */
  afterCommit(state: StakingState, height: bigint): void {
    const { keys } = this.o;
    try {
      if (this.o.genesis.validators.some((v) => equalBytes(v.address, keys.address))) return;
      if (getValidator(state, keys.address) === undefined) return;
      const known = validatorNetworkKey(state, keys.address);
      if (known !== undefined && equalBytes(known, keys.networkKey)) return;
      if (this.#sentAt !== undefined && height < this.#sentAt + RESUBMIT_AFTER_BLOCKS) return;
      this.o.submit(networkKeyInstruction(keys, this.o.chainId));
      this.#sentAt = height;
      this.o.logger.info("network key submitted", { height });
    } catch (error) {
      this.o.logger.warn("network key duty failed", { height, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
