// A small method registry the RPC dispatch and server tests share: an adder, a not-found and a handler with a bug.
import { z } from "zod";
import { MethodRegistry, RpcError, RpcErrorCode, defineMethod } from "../../src/rpc/index.js";

/** The node serves JSON-RPC only to bodies declared as JSON. */
export const JSON_HEADERS = { "content-type": "application/json" };

export const internal: Array<[string, unknown]> = [];
export const registry = new MethodRegistry().register(
  defineMethod({
    name: "test_add",
    summary: "adds two u64 decimal strings",
    params: [
      ["a", z.string().regex(/^\d+$/, "expected a decimal string")],
      ["b", z.string().regex(/^\d+$/, "expected a decimal string").optional()],
    ],
    handler: ([a, b]) => BigInt(a) + BigInt(b ?? "0"),
  }),
  defineMethod({
    name: "test_missing",
    summary: "always not found",
    params: [],
    handler: () => {
      throw new RpcError(RpcErrorCode.NotFound, "no such block", { height: "9" });
    },
  }),
  defineMethod({
    name: "test_bug",
    summary: "a handler with a bug",
    params: [],
    handler: () => {
      throw new TypeError("secret internals");
    },
  }),
);
