// Network keys (cips/staking.md "Network keys"): a validator publishes the Ed25519 key of its p2p identity,
// signed by that key over the chain id and its address; one key per validator and per network key.
import { ed25519 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { getValidator, networkKeyMessage, setNetworkKey, validatorNetworkKey, withdraw, exit } from "../../src/index.js";
import { addr, context, genesisWith, SMALL, stakingCode } from "../utils/fixture.js";

const CHAIN = 1337n;
const [A, B, STRANGER] = [addr(1), addr(2), addr(9)];
const secret = (b: number) => new Uint8Array(32).fill(b);
const pub = (b: number) => ed25519.getPublicKey(secret(b));
const sig = (b: number, who: Uint8Array, chain = CHAIN) => ed25519.sign(networkKeyMessage(chain, who), secret(b));

const setup = () => genesisWith([A, B], 1_000n);

const code = stakingCode;

describe("set_network_key", () => {
  it("stores a key signed by itself over the chain and the sender, replaces it, and frees it on withdrawal", () => {
    const { fork, accounts } = setup();
    const ctx = context(fork, accounts, 3n);
    setNetworkKey(ctx, CHAIN, A, pub(1), sig(1, A));
    expect(validatorNetworkKey(fork, A)).toEqual(pub(1));
    // Replaced: the old key is free again (B may take it).
    setNetworkKey(ctx, CHAIN, A, pub(2), sig(2, A));
    expect(validatorNetworkKey(fork, A)).toEqual(pub(2));
    setNetworkKey(ctx, CHAIN, B, pub(1), sig(1, B));
    expect(validatorNetworkKey(fork, B)).toEqual(pub(1));
    // Withdrawal removes the record and its network key.
    exit(ctx, A);
    withdraw(context(fork, accounts, 3n + SMALL.unbondingPeriod), A);
    expect(getValidator(fork, A)).toBeUndefined();
    expect(validatorNetworkKey(fork, A)).toBeUndefined();
    setNetworkKey(ctx, CHAIN, B, pub(2), sig(2, B));
    expect(validatorNetworkKey(fork, B)).toEqual(pub(2));
  });

  it("refuses a non-validator, a bad size, a signature by another key, for another chain or sender, and a key in use", () => {
    const { fork, accounts } = setup();
    const ctx = context(fork, accounts, 3n);
    expect(code(() => setNetworkKey(ctx, CHAIN, STRANGER, pub(1), sig(1, STRANGER)))).toBe("NOT_A_VALIDATOR");
    expect(code(() => setNetworkKey(ctx, CHAIN, A, pub(1).slice(1), sig(1, A)))).toBe("INVALID_NETWORK_KEY");
    expect(code(() => setNetworkKey(ctx, CHAIN, A, pub(1), sig(1, A).slice(1)))).toBe("INVALID_NETWORK_KEY");
    expect(code(() => setNetworkKey(ctx, CHAIN, A, pub(1), sig(2, A)))).toBe("INVALID_NETWORK_KEY");
    expect(code(() => setNetworkKey(ctx, CHAIN, A, pub(1), sig(1, A, CHAIN + 1n)))).toBe("INVALID_NETWORK_KEY");
    expect(code(() => setNetworkKey(ctx, CHAIN, A, pub(1), sig(1, B)))).toBe("INVALID_NETWORK_KEY");
    setNetworkKey(ctx, CHAIN, A, pub(1), sig(1, A));
    expect(code(() => setNetworkKey(ctx, CHAIN, B, pub(1), sig(1, B)))).toBe("NETWORK_KEY_IN_USE");
    expect(validatorNetworkKey(fork, B)).toBeUndefined();
  });
});
