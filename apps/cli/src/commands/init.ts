import { parseCommandArgs, type Command } from "../command.js";
import { CliError, usageError } from "../errors.js";

// `cowboy init NAME`: the scaffold of the overview — a hello/counter actor in the low-level form
// (a plain `class Actor`), a test that runs it in the PVM, and a README with the commands.

const ACTOR = `class Actor:
    """A Cowboy actor deployed on-chain."""

    def __init__(self):
        self.counter = 0

    def increment(self):
        self.counter += 1
        return self.counter

    def get_count(self):
        return self.counter
`;

const TEST = `from main import Actor

actor = Actor()
assert actor.get_count() == 0
assert actor.increment() == 1
assert actor.increment() == 2
assert actor.get_count() == 2
print("ok: the counter counts")
`;

const readme = (name: string): string => `# ${name}

A Cowboy actor project.

- \`actors/counter/main.py\`: the actor — plain Python, run by the PVM on every node.
- \`tests/test_counter.py\`: a test that runs it in the PVM, metered and deterministic.

From the Cowboy-TS repository root:

\`\`\`sh
pnpm -s cowboy pvm run ${name}/tests/test_counter.py --path ${name}/actors/counter --stats
\`\`\`

prints \`ok: the counter counts\` and the Cycles it cost. Then, with a devnet running
(\`pnpm -s cowboy devnet\`) and a dev key in \`COWBOY_KEY\`:

\`\`\`sh
pnpm -s cowboy actor deploy ${name}/actors/counter/main.py     # prints the actor's address
pnpm -s cowboy actor call ADDRESS increment                    # 1
pnpm -s cowboy actor query ADDRESS get_count                   # 1
\`\`\`

The instance's attributes (\`self.counter\`) persist between messages. For keyed storage, events,
messages and timers, see \`cowboy_sdk\` (cips/sdk.md in the Cowboy-TS repository).
`;

export const init: Command = {
  summary: "scaffold an actor project: a counter actor, a test that runs it in the PVM, a README",
  usage: "NAME",
  async run(args, io) {
    const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1, names: "NAME" });
    const name = positionals[0]!;
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name) || name === "." || name === "..") throw usageError(`NAME must be a directory name (letters, digits, '_', '.', '-'), got '${name}'`);
    if (await io.exists(name)) throw new CliError(`${name} already exists; choose another name`);
    const files: Array<[string, string]> = [
      [`${name}/actors/counter/main.py`, ACTOR],
      [`${name}/tests/test_counter.py`, TEST],
      [`${name}/README.md`, readme(name)],
    ];
    for (const [path, text] of files) await io.createFile(path, text);
    for (const [path] of files) io.out(`created ${path}\n`);
    return 0;
  },
};
