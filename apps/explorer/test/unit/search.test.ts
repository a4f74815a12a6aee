import { describe, expect, it } from "vitest";
import { href, parseRoute } from "../../src/router.js";
import { classifyQuery } from "../../src/search.js";

describe("classifyQuery", () => {
  it("reads heights, addresses and hashes, with or without 0x and in any case", () => {
    expect(classifyQuery(" 42 ")).toEqual({ kind: "height", height: 42n });
    expect(classifyQuery(`0x${"AB".repeat(20)}`)).toEqual({ kind: "address", address: `0x${"ab".repeat(20)}` });
    expect(classifyQuery("cd".repeat(32))).toEqual({ kind: "hash", hash: `0x${"cd".repeat(32)}` });
  });

  it("explains what is wrong with anything else", () => {
    expect(classifyQuery("")).toMatchObject({ kind: "invalid", reason: expect.stringContaining("block height") });
    expect(classifyQuery("0x1234")).toEqual({ kind: "invalid", reason: "0x hex of 2 bytes: an address has 20 bytes, a hash 32" });
    expect(classifyQuery("hello")).toEqual({ kind: "invalid", reason: "'hello' is neither a number nor hex" });
    expect(classifyQuery("1".repeat(21))).toMatchObject({ kind: "invalid" });
  });
});

describe("routes", () => {
  it("parses every page's hash and gives it back as a link", () => {
    const routes = [
      { page: "home" },
      { page: "validators" },
      { page: "block", id: "12" },
      { page: "tx", id: `0x${"ab".repeat(32)}` },
      { page: "address", id: `0x${"cd".repeat(20)}` },
      { page: "search", id: "a b/c" },
      { page: "jobs" },
      { page: "job", id: `0x${"ef".repeat(32)}` },
      { page: "governance" },
      { page: "proposal", id: "3" },
      { page: "params" },
      { page: "param", id: "system:gov:param:cbfs" },
      { page: "storage" },
      { page: "volume", id: `0x${"12".repeat(32)}` },
    ] as const;
    for (const route of routes) expect(parseRoute(href(route))).toEqual(route);
    expect(parseRoute("")).toEqual({ page: "home" });
    expect(parseRoute("#/block/")).toEqual({ page: "not-found", path: "block" });
    expect(parseRoute("#/nowhere/1")).toEqual({ page: "not-found", path: "nowhere/1" });
    expect(parseRoute("#/jobs/1")).toEqual({ page: "not-found", path: "jobs/1" });
    expect(parseRoute("#/proposal")).toEqual({ page: "not-found", path: "proposal" });
  });
});
