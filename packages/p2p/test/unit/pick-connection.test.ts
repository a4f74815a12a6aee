// Which connection a direct stream uses (network.ts pickConnection): the newest open connection that
// has been open for 200 ms, else the oldest open one; closed connections never.
import type { Connection } from "@libp2p/interface";
import { describe, expect, it } from "vitest";
import { pickConnection } from "../../src/network.js";

const conn = (id: string, open: number, status = "open") => ({ id, status, timeline: { open } }) as unknown as Connection;

describe("pickConnection", () => {
  it("prefers the newest settled connection (a restarted peer's new one over a stale one)", () => {
    expect(pickConnection([conn("old", 1_000), conn("new", 5_000)], 5_300)?.id).toBe("new");
  });

  it("keeps the older connection while the newer has not settled (it may be an aborted duplicate)", () => {
    expect(pickConnection([conn("old", 1_000), conn("new", 5_000)], 5_100)?.id).toBe("old");
  });

  it("uses a lone fresh connection, skips closed ones, and has nothing to offer when none is open", () => {
    expect(pickConnection([conn("fresh", 5_000)], 5_001)?.id).toBe("fresh");
    expect(pickConnection([conn("closed", 1_000, "closed"), conn("new", 5_000)], 9_000)?.id).toBe("new");
    expect(pickConnection([conn("closed", 1_000, "closed")], 9_000)).toBeUndefined();
    expect(pickConnection([], 9_000)).toBeUndefined();
  });
});
