import { describe, expect, it } from "vitest";
import { devAccounts, parseGenesisFile, GenesisFileError, devnetGenesis } from "../../src/chain/genesis.js";

describe("genesis files", () => {
  it("refuse malformed numbers with a clear error", () => {
    expect(() => parseGenesisFile('{"chain_id":"x","timestamp_ms":"0","allocations":[]}')).toThrow(GenesisFileError);
    expect(() => parseGenesisFile('{"chain_id":"x","timestamp_ms":"0","allocations":[]}')).toThrow("genesis chain_id: expected a decimal string");
    expect(() => parseGenesisFile("{")).toThrow(/not valid JSON/);
    expect(parseGenesisFile('{"chain_id":"5","timestamp_ms":"0","allocations":[{"address":"0x' + "11".repeat(20) + '","balance":"7"}]}').chainId).toBe(5n);
  });
});

describe("devnet genesis", () => {
  it('has ten fixed accounts: key i is keccak256("cowboy devnet account i")', () => {
    const accounts = devAccounts();
    expect(accounts).toHaveLength(10);
    expect(Buffer.from(accounts[0]!.privateKey).toString("hex")).toBe("0a23a6c334b09dab8ecb8fd598e22ba7990f2b9e1e871e4b875a8b10090483f8");
    expect(Buffer.from(accounts[0]!.address).toString("hex")).toBe("e310e452713ea2e0157389d1a73c379c4c6bb82c");
    expect(devnetGenesis().chainId).toBe(1337n);
  });
});
