import { describe, expect, it } from "vitest";
import { checkErrorCodes, errorCodes } from "../../src/error-codes.js";
import { writeTree } from "../utils/tree.js";

describe("the error-code gate", () => {
  it("names every code of an exported union or of TX_REJECTIONS that cips/errors.md does not mention", () => {
    const root = writeTree({
      "packages/a/src/errors.ts": [
        'export type AErrorCode = "ONE" | "TWO"; // "THREE" in a comment is not a code',
        "export const TX_REJECTIONS = {",
        "  NONCE_TOO_LOW: { permanent: true },",
        "  LANE_FULL: { permanent: false },",
        "} as const;",
        'export type RegexErrorCode = "INTERNAL";',
      ].join("\n"),
      "cips/errors.md": "`ONE` is documented, and so is `LANE_FULL`.\n",
    });
    expect(errorCodes(root).map((u) => u.code)).toEqual(["ONE", "TWO", "NONCE_TOO_LOW", "LANE_FULL"]);
    expect(checkErrorCodes(root)).toEqual([
      "packages/a/src/errors.ts: AErrorCode code TWO is not documented in cips/errors.md",
      "packages/a/src/errors.ts: TX_REJECTIONS code NONCE_TOO_LOW is not documented in cips/errors.md",
    ]);
  });
});
