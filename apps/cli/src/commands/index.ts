import type { CommandGroup } from "../command.js";
import { actorCommands } from "./actor.js";
import { codegen, methods } from "./actor-dx.js";
import { balance, block, nonce, transfer, txStatus } from "./chain.js";
import { devnetCommands } from "./devnet.js";
import { faucet } from "./faucet.js";
import { fsCommands } from "./fs.js";
import { govCommands } from "./gov.js";
import { paramCommands } from "./param.js";
import { rentCommands } from "./rent.js";
import { ethCommands } from "./eth.js";
import { init } from "./init.js";
import { keysCommands } from "./keys.js";
import { logs } from "./logs.js";
import { pvmCommands } from "./pvm.js";
import { jobCommands } from "./job.js";
import { proxyCommands } from "./proxy.js";
import { relayCommands } from "./relay.js";
import { runnerCommands } from "./runner.js";
import { secretCommands } from "./secret.js";
import { node, testnet } from "./testnet.js";
import { tokenCommands } from "./token.js";
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
    faucet,
    keys: keysCommands,
    block,
    tx: { ...txCommands, commands: { ...txCommands.commands, status: txStatus } },
    init,
    actor: { ...actorCommands, commands: { ...actorCommands.commands, methods, codegen } },
    pvm: pvmCommands,
    logs,
    fs: fsCommands,
    relay: relayCommands,
    proxy: proxyCommands,
    secret: secretCommands,
    runner: runnerCommands,
    job: jobCommands,
    eth: ethCommands,
    validator: validatorCommands,
    token: tokenCommands,
    gov: govCommands,
    param: paramCommands,
    rent: rentCommands,
  },
};
