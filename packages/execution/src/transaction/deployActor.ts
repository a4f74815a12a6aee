// The deploy_actor instructions (spec §1.2, cips/actors.md "Deploy", "Deploy manifests"): the code installed at its
// CREATE2-style address (with the requires its manifest declares), then its constructor and the cascade it queues.
import { parseDeployManifest, type Requirement, RunnerMarketError } from "@cowboy/runner-market";
import type { DeployActorInstruction, DeployActorWithManifestInstruction } from "@cowboy/types";
import { exceptionLine } from "../actors/exceptions.js";
import { deployTarget, installer } from "../actors/install.js";
import type { ActorOutcome, PyException } from "../types.js";
import { runActorInstruction } from "./actorInstruction.js";
import type { InstructionContext, InstructionResult } from "./instruction.js";

const refuse = (e: PyException): ActorOutcome => ({ ok: false, returnData: new TextEncoder().encode(exceptionLine(e)), events: [] });

export function deployActor(ctx: InstructionContext, instruction: DeployActorInstruction | DeployActorWithManifestInstruction): InstructionResult {
  return runActorInstruction(ctx, (run) => {
    let manifest: Requirement[] | undefined;
    if (instruction.type === "deploy_actor_with_manifest") {
      try {
        manifest = parseDeployManifest(instruction.manifest);
      } catch (error) {
        if (error instanceof RunnerMarketError) return refuse({ type: "ValueError", message: `${error.code}: ${error.message}` });
        throw error;
      }
    }
    const target = deployTarget(run, ctx.tx.from, instruction.code, instruction.salt);
    if ("refusal" in target) return refuse(target.refusal);
    return run.deploy(target.address, installer(run, ctx.env.height, target, instruction.code, manifest === undefined ? {} : { manifest }), instruction.args);
  });
}
