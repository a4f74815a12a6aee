// Child of engine.test.ts: the scripted chain with actors spread over real copies of a built
// interpreter bundle (argv[2]); prints the scenario's JSON like scenario.ts.
import { pathToFileURL } from "node:url";
import { ActorEngine, type PvmModule } from "../../../src/index.js";
import { runScenario } from "./scenario.js";

type Pvm = PvmModule;
const bundle = (await import(pathToFileURL(process.argv[2] as string).href)) as Pvm;
const copies = async (tag: string, n: number): Promise<Pvm[]> => {
  const out: Pvm[] = [];
  for (let i = 0; i < n; i++) out.push((await bundle.loadIsolatedPvm<Pvm>(`${tag}${i}`)) as Pvm);
  return out;
};
const proposer = ActorEngine.of({ modules: await copies("p", 2), promoteAfterCycles: 0 });
const verifier = ActorEngine.of({ modules: await copies("v", 3), promoteAfterCycles: 0 });
process.stdout.write(JSON.stringify(runScenario({ proposer, verifier })));
