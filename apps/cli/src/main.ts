#!/usr/bin/env node
import { runCommand } from "./cli.js";
import { cowboy } from "./commands/index.js";
import { processIo } from "./io.js";

process.exitCode = await runCommand(cowboy, process.argv.slice(2), processIo());
