import type { CommandGroup } from "../command.js";
import { actorCommands } from "./actor.js";
import { pvmCommands } from "./pvm.js";
import { txCommands } from "./tx.js";

/** The `cowboy` command tree. */
export const cowboy: CommandGroup = {
  summary: "cowboy — the command-line tool for Cowboy",
  commands: {
    tx: txCommands,
    actor: actorCommands,
    pvm: pvmCommands,
  },
};
