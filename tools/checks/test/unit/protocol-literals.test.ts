import { describe, expect, it } from "vitest";
import { checkProtocolLiterals } from "../../src/protocol-literals.js";
import { writeTree as tree } from "../utils/tree.js";

describe("the protocol-literal gate", () => {
  it("names each retyped rule with its owner, and skips comments", () => {
    const root = tree({
      "apps/x/src/a.ts": [
        "// 21_000 Cycles is the transfer intrinsic (a comment may say so)",
        "const limit = 21_000n;",
        "const big = x < 2n ** 64n;",
        "const ok = /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(m);",
        'const tier = "urgent";',
        "const fine = 42n;",
      ].join("\n"),
    });
    expect(checkProtocolLiterals(root, ["apps/x/src"])).toEqual([
      "apps/x/src/a.ts:2: the transfer intrinsic (21,000 Cycles) retyped; import @cowboy/metering instructionIntrinsicCosts (const limit = 21_000n;)",
      "apps/x/src/a.ts:3: the u64 bound retyped; import @cowboy/codec U64_MAX (const big = x < 2n ** 64n;)",
      "apps/x/src/a.ts:4: the public method-name rule retyped; import @cowboy/types isPublicMethodName / PUBLIC_METHOD_NAME_PATTERN (const ok = /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(m);)",
      'apps/x/src/a.ts:5: the timer priority tiers retyped; import @cowboy/types PRIORITY_TIERS (const tier = "urgent";)',
    ]);
  });
});
