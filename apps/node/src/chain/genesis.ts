import { type CbssConfig, createCbssConfig } from "@cowboy/cbss";
import { CowboyError, fromHex, toHex, U64_MAX } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import type { GenesisConfig } from "@cowboy/execution";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { createGovernanceConfig, type GovernanceConfig } from "@cowboy/governance";
import { createRunnerMarketConfig, type RunnerMarketConfig } from "@cowboy/runner-market";
import { StakingError, type StakingConfig } from "@cowboy/staking";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { z } from "zod";
import { generateValidatorSet, type ConsensusGenesis, type ValidatorKeys } from "../validator/keys.js";
import { stakingFileSchema, stakingFromJson, stakingToJson, withStaking } from "./staking-genesis.js";

const MIN_BASEFEE = DEFAULT_FEE_MARKET_CONFIG.minBasefee;

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

/** Blocks a devnet committee DKG stays open after its first dealing (the default is 300), so proxies that deal by themselves finish in seconds. */
export const DEVNET_DKG_WINDOW = 15n;

/**
 * The devnet's CBSS numbers: dev account 0 may deal the committee (cips/cbss.md §9), or the proxies run a DKG with a
 * 15-block window; proxies stake at least 10 CBY.
 */
export function devnetCbssConfig(): CbssConfig {
  return createCbssConfig({ dealer: devAccounts(1)[0]!.address, minProxyStake: 10n * BASE_UNITS_PER_CBY, dkgWindow: DEVNET_DKG_WINDOW });
}

/** Blocks a devnet job's result may be challenged before it settles (the spec's 15 minutes is 900 blocks). */
export const DEVNET_CHALLENGE_WINDOW = 5n;

/**
 * The devnet's runner market (cips/runner-market.md): the spec's numbers but a 5-block challenge window, so a job's
 * continuation arrives seconds after its reveals instead of fifteen minutes. Never use it anywhere but a local devnet.
 */
export function devnetRunnerMarket(): RunnerMarketConfig {
  return createRunnerMarketConfig({ challengeWindow: DEVNET_CHALLENGE_WINDOW });
}

export interface ChainGenesis {
  readonly chainId: bigint;
  readonly config: GenesisConfig;
  /** True for the built-in devnet (enables the faucet). */
  readonly devnet: boolean;
  /** The validator set and the epoch-0 threshold key. */
  readonly consensus: ConsensusGenesis;
  /** The staking rules the chain runs with (genesis file `staking`; cips/staking.md); absent: no staking. */
  readonly staking?: StakingConfig;
}

/** Stake of each built-in validator (devnet and `cowboy testnet`): 1,000,000 CBY. */
export const DEV_VALIDATOR_STAKE = 1_000_000n * BASE_UNITS_PER_CBY;

/**
 * The devnet's single validator: every secret derives from the public label "cowboy devnet
 * validator set", so every devnet has the same genesis and the node needs no key file. Never use it
 * anywhere but a local devnet.
 */
export function devValidatorSet(): { genesis: ConsensusGenesis; keys: ValidatorKeys[] } {
  return generateValidatorSet(1, new TextEncoder().encode("cowboy devnet validator set"), DEV_VALIDATOR_STAKE);
}

/** Blocks the devnet's proposals are open for votes (about 15 s at 1 s blocks). */
export const DEVNET_VOTING_PERIOD = 15n;
/** Blocks between a devnet proposal passing and taking effect (the emergency track: 5). */
export const DEVNET_TIMELOCK = 10n;

/**
 * The devnet's governance (cips/governance.md, README "Governance"): short windows so a proposal goes from
 * propose to effect in about half a minute, a 100 CBY deposit, dev accounts 0–2 as the electorate (each
 * 1,000,000 CBY of voting weight and one validator seat: two of them carry any tier), and dev accounts 0–8 as a
 * 7-of-9 Security Council. Never use it anywhere but a local devnet.
 */
export function devnetGovernance(): GovernanceConfig {
  const accounts = devAccounts();
  return createGovernanceConfig({
    votingPeriod: DEVNET_VOTING_PERIOD,
    timelock: DEVNET_TIMELOCK,
    emergencyTimelock: 5n,
    minDeposit: 100n * BASE_UNITS_PER_CBY,
    council: accounts.slice(0, 9).map((a) => toHex(a.address)),
    councilApprovalWindow: 600n,
    electorate: accounts.slice(0, 3).map((a) => ({ address: toHex(a.address), weight: DEV_ACCOUNT_BALANCE })),
  });
}

export function devnetGenesis(): ChainGenesis {
  return {
    chainId: DEVNET_CHAIN_ID,
    devnet: true,
    consensus: devValidatorSet().genesis,
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

const hex = (bytes: number) => z.string().regex(new RegExp(`^0x[0-9a-f]{${bytes * 2}}$`), `expected 0x and ${bytes} bytes of lowercase hex`);

/**
 * A genesis file: `{ chain_id, timestamp_ms, devnet?, allocations: [{ address, balance }],
 * validators?: [{ address, stake, bls_public_key, network_key, proof_of_possession? }], consensus?: { threshold,
 * group_public_key, commitments }, staking?: { epoch_length?, … } }`. Without validators the chain runs on
 * the devnet's validator; with `staking` every validator needs its proof_of_possession (staking-genesis.ts).
 */
export const genesisFileSchema = z.strictObject({
  chain_id: u64,
  timestamp_ms: u64,
  devnet: z.boolean().optional(),
  allocations: z.array(z.strictObject({ address: z.string().regex(/^0x[0-9a-f]{40}$/, "expected a 0x-prefixed 20-byte lowercase hex address"), balance: u64 })).max(100_000),
  validators: z
    .array(z.strictObject({ address: hex(20), stake: u64, bls_public_key: hex(48), network_key: hex(32), proof_of_possession: hex(96).optional() }))
    .min(1)
    .max(1_024)
    .optional(),
  consensus: z.strictObject({ threshold: z.number().int().min(1).max(1_024), group_public_key: hex(48), commitments: z.array(hex(48)).min(1).max(1_024) }).optional(),
  staking: stakingFileSchema.optional(),
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
  if ((g.validators === undefined) !== (g.consensus === undefined)) throw new GenesisFileError("genesis: validators and consensus go together (both or neither)");
  let consensus = devValidatorSet().genesis;
  if (g.validators !== undefined && g.consensus !== undefined) {
    const c = g.consensus;
    if (c.threshold > g.validators.length) throw new GenesisFileError(`genesis consensus.threshold: ${c.threshold} exceeds the ${g.validators.length} validators`);
    if (c.commitments.length !== c.threshold) throw new GenesisFileError(`genesis consensus.commitments: expected ${c.threshold} (the threshold), got ${c.commitments.length}`);
    if (c.commitments[0] !== c.group_public_key) throw new GenesisFileError("genesis consensus.commitments[0] must be the group public key");
    const seen = new Set<string>();
    for (const [i, v] of g.validators.entries()) {
      if (BigInt(v.stake) === 0n) throw new GenesisFileError(`genesis validators.${i}.stake: must be positive`);
      for (const key of [v.bls_public_key, v.network_key]) {
        if (seen.has(key)) throw new GenesisFileError(`genesis validators.${i}: key ${key} appears twice`);
        seen.add(key);
      }
    }
    consensus = {
      validators: g.validators.map((v) => ({
        address: fromHex(v.address),
        stake: BigInt(v.stake),
        blsPublicKey: fromHex(v.bls_public_key),
        networkKey: fromHex(v.network_key),
        ...(v.proof_of_possession === undefined ? {} : { proofOfPossession: fromHex(v.proof_of_possession) }),
      })),
      threshold: c.threshold,
      groupPublicKey: fromHex(c.group_public_key),
      commitments: c.commitments.map(fromHex),
    };
  }
  const chain: ChainGenesis = {
    chainId: BigInt(g.chain_id),
    devnet: g.devnet ?? false,
    consensus,
    config: {
      timestampMs: BigInt(g.timestamp_ms),
      allocations: g.allocations.map((a) => ({ address: fromHex(a.address), balance: BigInt(a.balance) })),
      cycleBasefee: MIN_BASEFEE,
      cellBasefee: MIN_BASEFEE,
    },
  };
  if (g.staking === undefined) return chain;
  try {
    return withStaking(chain, stakingFromJson(g.staking));
  } catch (error) {
    if (error instanceof StakingError) throw new GenesisFileError(`genesis staking: ${error.message}`);
    throw error;
  }
}

export function devAccountsToJson(accounts: readonly DevAccount[]): Array<{ address: string; private_key: string; balance: string }> {
  return accounts.map((a) => ({ address: `0x${toHex(a.address)}`, private_key: `0x${toHex(a.privateKey)}`, balance: a.balance.toString() }));
}

/** The genesis file form of `genesis` (what `cowboy testnet` writes; parseGenesisFile reads it back). */
export function genesisToJson(genesis: ChainGenesis): z.infer<typeof genesisFileSchema> {
  const c = genesis.consensus;
  return {
    chain_id: genesis.chainId.toString(),
    timestamp_ms: genesis.config.timestampMs.toString(),
    devnet: genesis.devnet,
    allocations: genesis.config.allocations.map((a) => ({ address: `0x${toHex(a.address)}`, balance: a.balance.toString() })),
    validators: c.validators.map((v) => ({
      address: `0x${toHex(v.address)}`,
      stake: v.stake.toString(),
      bls_public_key: `0x${toHex(v.blsPublicKey)}`,
      network_key: `0x${toHex(v.networkKey)}`,
      ...(v.proofOfPossession === undefined ? {} : { proof_of_possession: `0x${toHex(v.proofOfPossession)}` }),
    })),
    consensus: { threshold: c.threshold, group_public_key: `0x${toHex(c.groupPublicKey)}`, commitments: c.commitments.map((x) => `0x${toHex(x)}`) },
    ...(genesis.staking === undefined ? {} : { staking: stakingToJson(genesis.staking) }),
  };
}
