import type { CommandGroup } from "../command.js";
import { actorCommands } from "./actor.js";
import { balance, block, nonce, transfer, txStatus } from "./chain.js";
import { devnetCommands } from "./devnet.js";
import { init } from "./init.js";
import { keysCommands } from "./keys.js";
import { pvmCommands } from "./pvm.js";
import { node, testnet } from "./testnet.js";
import { txCommands } from "./tx.js";
import { validatorCommands } from "./validator.js";

/** The `cowboy` command tree. */
export const cowboy: CommandGroup = {
  summary: "cowboy — the command-line tool for Cowboy",
  commands: {
    devnet: devnetCommands,
    testnet,
    node,
    balance,
    nonce,
    transfer,
    keys: keysCommands,
    block,
    tx: { ...txCommands, commands: { ...txCommands.commands, status: txStatus } },
    init,
    actor: actorCommands,
    pvm: pvmCommands,
    validator: validatorCommands,
  },
};
