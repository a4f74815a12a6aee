import { CowboyError, fromHex, toHex, U64_MAX } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import type { GenesisConfig } from "@cowboy/execution";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";

const MIN_BASEFEE = DEFAULT_FEE_MARKET_CONFIG.minBasefee;
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { z } from "zod";

/** 10^9 base units per CBY (cips/fee-market.md). */

/** The devnet's chain id. */
export const DEVNET_CHAIN_ID = 1337n;
export const DEV_ACCOUNT_COUNT = 10;
/** Each dev account starts with 1,000,000 CBY. */
export const DEV_ACCOUNT_BALANCE = 1_000_000n * BASE_UNITS_PER_CBY;
/** The devnet's genesis time: fixed, so every devnet has the same genesis block. */
export const DEVNET_GENESIS_TIMESTAMP_MS = 1_767_225_600_000n; // 2026-01-01T00:00:00Z

export interface DevAccount {
  readonly privateKey: Uint8Array;
  readonly address: Uint8Array;
  readonly balance: bigint;
}

/**
 * The devnet's accounts: private key i is keccak256("cowboy devnet account i") (UTF-8), so tests
 * and tutorials can rely on them. Never use them anywhere but a local devnet.
 */
export function devAccounts(count = DEV_ACCOUNT_COUNT): DevAccount[] {
  return Array.from({ length: count }, (_, i) => {
    const privateKey = keccak256(new TextEncoder().encode(`cowboy devnet account ${i}`));
    return { privateKey, address: addressFromPrivateKey(privateKey), balance: DEV_ACCOUNT_BALANCE };
  });
}

export interface ChainGenesis {
  readonly chainId: bigint;
  readonly config: GenesisConfig;
  /** True for the built-in devnet (enables the faucet). */
  readonly devnet: boolean;
}

export function devnetGenesis(): ChainGenesis {
  return {
    chainId: DEVNET_CHAIN_ID,
    devnet: true,
    config: {
      timestampMs: DEVNET_GENESIS_TIMESTAMP_MS,
      allocations: devAccounts().map(({ address, balance }) => ({ address, balance })),
      cycleBasefee: MIN_BASEFEE,
      cellBasefee: MIN_BASEFEE,
    },
  };
}

const u64 = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/, "expected a decimal string")
  .refine((s) => !/^[0-9]+$/.test(s) || BigInt(s) <= U64_MAX, "exceeds 2^64-1");

/** A genesis file: `{ chain_id, timestamp_ms, devnet?, allocations: [{ address, balance }] }`. */
export const genesisFileSchema = z.strictObject({
  chain_id: u64,
  timestamp_ms: u64,
  devnet: z.boolean().optional(),
  allocations: z.array(z.strictObject({ address: z.string().regex(/^0x[0-9a-f]{40}$/, "expected a 0x-prefixed 20-byte lowercase hex address"), balance: u64 })).max(100_000),
});

/** A genesis file that is not JSON or does not match the genesis schema. */
export class GenesisFileError extends CowboyError<"INVALID_GENESIS_FILE"> {
  override readonly name = "GenesisFileError";
  constructor(message: string) {
    super("INVALID_GENESIS_FILE", message);
  }
}

export function parseGenesisFile(text: string): ChainGenesis {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GenesisFileError(`the genesis file is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = genesisFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new GenesisFileError(`genesis ${issue.path.join(".") || "file"}: ${issue.message}`);
  }
  const g = parsed.data;
  return {
    chainId: BigInt(g.chain_id),
    devnet: g.devnet ?? false,
    config: {
      timestampMs: BigInt(g.timestamp_ms),
      allocations: g.allocations.map((a) => ({ address: fromHex(a.address), balance: BigInt(a.balance) })),
      cycleBasefee: MIN_BASEFEE,
      cellBasefee: MIN_BASEFEE,
    },
  };
}

export function devAccountsToJson(accounts: readonly DevAccount[]): Array<{ address: string; private_key: string; balance: string }> {
  return accounts.map((a) => ({ address: `0x${toHex(a.address)}`, private_key: `0x${toHex(a.privateKey)}`, balance: a.balance.toString() }));
}
