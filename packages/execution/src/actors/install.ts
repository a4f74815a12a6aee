// Installing an actor's code (cips/actors.md "Addresses and code"): the checks every deploy makes — at most MAX_TX_SIZE
// bytes, canonical source, outside the System range, no actor there yet — and the install itself (code, code_hash, the rent ring, the requires
// a manifest declared or a parent passed on). Shared by the deploy_actor instructions and by an actor deploying a child
// (cowboy_sdk.deploy, cips/actors.md "Child actors").
import { toHex } from "@cowboy/codec";
import { ensureTracked } from "@cowboy/rent";
import { inheritRequires, type Requirement, setRequires } from "@cowboy/runner-market";
import { actorCodeKey } from "@cowboy/state";
import { actorAddress, codeHash, isCanonicalSource, MAX_TX_SIZE } from "@cowboy/types";
import { rentConfigOf } from "../rent.js";
import type { ChainParams, PyException, StateAccess } from "../types.js";
import type { Accounts } from "../world.js";
import { isSystemAddress } from "./limits.js";

export interface InstallRun {
  readonly state: StateAccess;
  readonly accounts: Accounts;
  readonly params: ChainParams;
}

/** Where `deployer` deploying `code` with `salt` lands, or the exception that refuses it. */
export function deployTarget(run: InstallRun, deployer: Uint8Array, code: Uint8Array, salt: Uint8Array): { address: Uint8Array; hash: Uint8Array } | { refusal: PyException } {
  // A transaction bounds an instruction's code; a handler could build far more in memory, which every call parses uncharged.
  if (code.length > MAX_TX_SIZE) return { refusal: { type: "ValueError", message: `code is ${code.length} bytes, more than the ${MAX_TX_SIZE} a deploy may install` } };
  if (!isCanonicalSource(code)) return { refusal: { type: "ValueError", message: "code is not canonical Python source (UTF-8 without a BOM, LF line endings, NFC-normalized)" } };
  const hash = codeHash(code);
  const address = actorAddress(deployer, salt, hash);
  if (isSystemAddress(address, run.params.actors)) return { refusal: { type: "ValueError", message: "the address falls in the reserved system range" } };
  if (run.accounts.get(address).code_hash !== null) return { refusal: { type: "ValueError", message: `an actor already exists at 0x${toHex(address)}` } };
  return { address, hash };
}

/**
 * The install step of a deploy (run inside the constructor's checkpoint, so a failing constructor leaves nothing): the
 * code, the code hash, the rent ring; then the requires — the manifest's, or a parent actor's inheritable entries
 * (§15.3 rule 4).
 */
export function installer(
  run: InstallRun,
  height: bigint,
  target: { address: Uint8Array; hash: Uint8Array },
  code: Uint8Array,
  requires: { manifest?: readonly Requirement[]; parent?: Uint8Array },
): () => void {
  return () => {
    const { address, hash } = target;
    run.state.set(actorCodeKey(address), code);
    run.accounts.put(address, { ...run.accounts.get(address), code_hash: hash });
    // Joins the rent cursor's ring (cips/rent.md "Bounded work").
    ensureTracked(run.state, address, rentConfigOf(run.params), height, BigInt(run.params.actors.storageQuotaBytes));
    if (requires.manifest !== undefined && requires.manifest.length > 0) setRequires(run.state, address, requires.manifest);
    if (requires.parent !== undefined) inheritRequires(run.state, requires.parent, address);
  };
}
