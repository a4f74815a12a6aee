// The CBSS instructions (cips/cbss.md §6–§11): System sub_types 128–138 call the 0x04 Secrets Manager state
// machine of @cowboy/cbss, which moves the stakes, deposits, fees and slashes it names. A refusal reverts
// with `<code>: <message>`. The job facts an unauthorized-release slash is judged on come from the runner
// market's 0x02 job records (poster, kind, committee, posted/selected heights) and 0x01 provides histories.
import {
  CbssError,
  type CbssContext,
  DEFAULT_CBSS_CONFIG,
  dealingCodec,
  decodeInput,
  exitProxy,
  policyCodec,
  publishCommittee,
  putSecret,
  receiptBatchCodec,
  registerProxy,
  revokeSecret,
  rotateSecret,
  signedCodec,
  slashInvalidShare,
  slashUnauthorizedRelease,
  submitReceipts,
  topUpSecret,
  withdrawProxy,
} from "@cowboy/cbss";
import { getJob, getProvidesHistory } from "@cowboy/runner-market";
import { exceptionLine } from "../actors/exceptions.js";
import type { InstructionOf } from "@cowboy/types";
import { type InstructionContext, type InstructionResult, reverted, succeeded } from "./instruction.js";

type CbssInstruction = InstructionOf<
  | "cbss_proxy_register"
  | "cbss_proxy_exit"
  | "cbss_proxy_withdraw"
  | "cbss_publish_committee"
  | "cbss_secret_put"
  | "cbss_secret_rotate"
  | "cbss_secret_revoke"
  | "cbss_secret_top_up"
  | "cbss_submit_receipts"
  | "cbss_slash_invalid_share"
  | "cbss_slash_unauthorized_release"
>;

function utf8(b: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(b);
  } catch {
    throw new CbssError("INVALID_ARGUMENT", "endpoint: not UTF-8");
  }
}

export function cbssInstruction(ctx: InstructionContext, ins: CbssInstruction): InstructionResult {
  const c: CbssContext = {
    state: ctx.state,
    accounts: { balanceOf: (a) => ctx.accounts.get(a).balance, debit: (a, v) => ctx.accounts.debit(a, v), credit: (a, v) => ctx.accounts.credit(a, v) },
    config: ctx.params.cbss ?? DEFAULT_CBSS_CONFIG,
    height: ctx.env.height,
    chainId: ctx.params.chainId,
    sender: ctx.tx.from,
  };
  try {
    switch (ins.type) {
      case "cbss_proxy_register":
        registerProxy(c, {
          stake: ins.stake,
          blsPublicKey: ins.blsPublicKey,
          proofOfPossession: ins.proofOfPossession,
          transportKey: ins.transportKey,
          endpoint: utf8(ins.endpoint),
        });
        break;
      case "cbss_proxy_exit":
        exitProxy(c);
        break;
      case "cbss_proxy_withdraw":
        withdrawProxy(c);
        break;
      case "cbss_publish_committee":
        publishCommittee(c, decodeInput(dealingCodec, "dealing", ins.dealing));
        break;
      case "cbss_secret_put":
        putSecret(c, ins.name, ins.envelope, decodeInput(policyCodec, "policy", ins.policy), ins.deposit);
        break;
      case "cbss_secret_rotate":
        rotateSecret(c, ins.name, ins.envelope, decodeInput(policyCodec, "policy", ins.policy));
        break;
      case "cbss_secret_revoke":
        revokeSecret(c, ins.name);
        break;
      case "cbss_secret_top_up":
        topUpSecret(c, ins.name, ins.amount);
        break;
      case "cbss_submit_receipts":
        submitReceipts(c, decodeInput(receiptBatchCodec, "receipts", ins.receipts));
        break;
      case "cbss_slash_invalid_share":
        slashInvalidShare(c, decodeInput(signedCodec, "evidence", ins.evidence));
        break;
      case "cbss_slash_unauthorized_release":
        slashUnauthorizedRelease(c, decodeInput(signedCodec, "evidence", ins.evidence), {
          job: (id) => {
            const job = getJob(ctx.state, id);
            return job === undefined ? undefined : { poster: job.poster, kind: job.kind, committee: job.committee, postedAt: job.postedAt, selectedAt: job.selectedAt };
          },
          provides: (runner) => getProvidesHistory(ctx.state, runner),
        });
        break;
    }
  } catch (error) {
    if (error instanceof CbssError) return reverted(ctx, exceptionLine({ type: "CbssError", message: `${error.code}: ${error.message}` }));
    throw error;
  }
  return succeeded(ctx);
}
