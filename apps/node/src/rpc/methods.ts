import { fromHex, toHex, CodecError, U64_MAX } from "@cowboy/codec";
import { envOf, intrinsicCosts, nextBlockBasefees, queryActor } from "@cowboy/execution";
import { estimateFees } from "@cowboy/fee-market";
import { timersOf, type TimerRecord } from "@cowboy/scheduler";
import { accountKey, actorCodeKey, actorStorageKey, encodeProof } from "@cowboy/state";
import { cborToJson, decodeCbor } from "@cowboy/codec";
import {
  accountToJson, createTransaction, decodeAccount, transactionFromJson, TransactionError, createTransactionFromBytes, headerToJson, receiptToJson, transactionToJson, type Block, type Transaction,
} from "@cowboy/types";
import { z } from "zod";
import type { Chain } from "../chain/chain.js";
import type { DevAccount } from "../chain/genesis.js";
import { MempoolError, type Mempool } from "../mempool/mempool.js";
import { RpcError, RpcErrorCode } from "./errors.js";
import { defineMethod, type RpcMethod } from "./registry.js";

const address = z.string().regex(/^0x[0-9a-f]{40}$/, "expected a 0x-prefixed 20-byte lowercase hex address");
const hash32 = z.string().regex(/^0x[0-9a-f]{64}$/, "expected a 0x-prefixed 32-byte lowercase hex hash");
const u64 = z.string().regex(/^(0|[1-9][0-9]*)$/, "expected a decimal u64 string").refine((s) => !/^[0-9]+$/.test(s) || BigInt(s) < 2n ** 64n, "exceeds 2^64-1");
const blockTag = z.union([z.literal("latest"), u64]);
const hexBytes = (max: number) => z.string().max(2 + 2 * max, `exceeds ${max} bytes`).regex(/^0x([0-9a-f]{2})*$/, "expected 0x-prefixed lowercase hex");
/** A read-only call may spend at most this many Cycles (the block's whole capacity). */
const MAX_CALL_CYCLES = 80_000_000n;

/** JSON text of canonical bytes, or null when they do not decode (then only the hex is shown). */
function valueJson(bytes: Uint8Array): string | null {
  try {
    return cborToJson(decodeCbor(bytes));
  } catch {
    return null;
  }
}
const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

const TIERS = ["economy", "standard", "fast", "urgent"] as const;

/** A timer as the RPC shows it: amounts as decimal strings, bytes as 0x hex, the payload also as JSON. */
function timerToJson(id: Uint8Array, r: TimerRecord) {
  return {
    id: hex(id),
    owner: hex(r.owner),
    target: hex(r.target),
    fee_payer: hex(r.feePayer),
    handler: r.handler,
    data: hex(r.data),
    data_json: r.data.length === 0 ? null : valueJson(r.data),
    next_fire_height: r.fireHeight.toString(),
    interval: r.interval.toString(),
    cycles_per_fire: r.gasLimitPerFire.toString(),
    cells_per_fire: r.maxCellsPerFire.toString(),
    expires_at: r.expiresAt === U64_MAX ? null : r.expiresAt.toString(),
    priority: TIERS[r.tier] ?? String(r.tier),
    max_fee_per_cycle: r.maxFeePerCycle.toString(),
    max_priority_fee_per_cycle: r.maxPriorityFeePerCycle.toString(),
    gas_bidding_agent: r.gba === null ? null : hex(r.gba),
    created_at: r.createdAt.toString(),
  };
}

/** The largest raw transaction accepted: max_tx_size (128 KiB) as hex. */
const MAX_RAW_TX_HEX = 2 + 2 * 128 * 1024;

export interface NodeContext {
  readonly chain: Chain;
  readonly mempool: Mempool;
  /** Present on a devnet: the faucet pays from the first one. */
  readonly devAccounts?: readonly DevAccount[];
  /** Verifies signatures off the main thread; without it admission verifies them here. */
  readonly verifier?: { verify(tx: Transaction): Promise<ReadonlyArray<readonly [number, string]>> };
  /** Called after a transaction is admitted (the producer may want to wake up). */
  readonly onTransaction?: (tx: Transaction) => void;
}

function blockJson(block: Block, full: boolean) {
  return {
    header: headerToJson(block.header),
    transactions: block.transactions.map((tx) => (full ? { hash: hex(tx.digest()), ...transactionToJson(tx) } : hex(tx.digest()))),
  };
}

function notFound(what: string): never {
  throw new RpcError(RpcErrorCode.NotFound, `${what} not found`);
}

/** Every method of the node's JSON-RPC API (documented in apps/node/README.md). */
export function nodeMethods(ctx: NodeContext): RpcMethod[] {
  const { chain, mempool } = ctx;
  const blockAt = (tag: string): Block => {
    const height = tag === "latest" ? chain.head.height : BigInt(tag);
    return chain.blocks.blockAt(height) ?? notFound(`block ${height}`);
  };
  /** Verifies off-thread when a verifier is set; the faucet's own transactions skip the await so their nonces stay in order. */
  const admit = async (tx: Transaction, offThread = true): Promise<string> => {
    const signatureFailures = ctx.verifier === undefined || !offThread ? undefined : await ctx.verifier.verify(tx);
    try {
      mempool.add(tx, chain.accounts, signatureFailures);
    } catch (error) {
      if (error instanceof MempoolError) throw new RpcError(RpcErrorCode.TransactionRejected, `${error.code}: ${error.message}`);
      throw error;
    }
    ctx.onTransaction?.(tx);
    return hex(tx.digest());
  };

  /** Tips per Cycle paid in the last 20 blocks (what estimation offers a percentile of). */
  const recentTips = (): bigint[] => {
    const tips: bigint[] = [];
    for (let h = chain.head.height; h > 0n && h + 20n > chain.head.height; h--) {
      const hash = chain.blocks.hashAt(h);
      for (const r of (hash && chain.blocks.receipts(hash)) || []) if (r.cycles_used > 0n) tips.push(r.fee_tipped / (r.cycles_used + r.cells_used));
    }
    return tips;
  };

  const methods: RpcMethod[] = [
    defineMethod({ name: "cowboy_chainId", summary: "the chain id", params: [], handler: () => chain.params.chainId.toString() }),
    defineMethod({ name: "cowboy_head", summary: "the head block's header", params: [], handler: () => headerToJson(chain.head) }),
    defineMethod({
      name: "cowboy_getBlockByNumber",
      summary: "a block by height (or \"latest\"); full=true includes transaction bodies",
      params: [["height", blockTag], ["full", z.boolean().optional()]],
      handler: ([tag, full]) => blockJson(blockAt(tag), full ?? false),
    }),
    defineMethod({
      name: "cowboy_getBlockByHash",
      summary: "a block by hash",
      params: [["hash", hash32], ["full", z.boolean().optional()]],
      handler: ([h, full]) => blockJson(chain.blocks.blockByHash(fromHex(h)) ?? notFound(`block ${h}`), full ?? false),
    }),
    defineMethod({
      name: "cowboy_getTransaction",
      summary: "a transaction by hash, with where it was included (or status pending)",
      params: [["hash", hash32]],
      handler: ([h]) => {
        const txHash = fromHex(h);
        const location = chain.blocks.txLocation(txHash);
        if (location === undefined) {
          const pending = mempool.get(txHash);
          if (pending === undefined) notFound(`transaction ${h}`);
          return { hash: h, status: "pending", transaction: transactionToJson(pending) };
        }
        const block = chain.blocks.blockByHash(location.blockHash)!;
        return {
          hash: h,
          status: "included",
          block_hash: hex(location.blockHash),
          height: location.height.toString(),
          index: location.index,
          transaction: transactionToJson(block.transactions[location.index]!),
        };
      },
    }),
    defineMethod({
      name: "cowboy_getReceipt",
      summary: "the receipt of an included transaction, or null while it is pending",
      params: [["hash", hash32]],
      handler: ([h]) => {
        const location = chain.blocks.txLocation(fromHex(h));
        if (location === undefined) {
          if (mempool.has(fromHex(h))) return null;
          notFound(`transaction ${h}`);
        }
        const receipt = chain.blocks.receipts(location.blockHash)![location.index]!;
        return { transaction_hash: h, block_hash: hex(location.blockHash), height: location.height.toString(), index: location.index, ...receiptToJson(receipt) };
      },
    }),
    defineMethod({
      name: "cowboy_getBalance",
      summary: "an account's balance in base units at the head",
      params: [["address", address]],
      handler: ([a]) => chain.account(fromHex(a)).balance.toString(),
    }),
    defineMethod({
      name: "cowboy_getNonce",
      summary: "an account's next nonce at the head, or counting its pending transactions with \"pending\"",
      params: [["address", address], ["tag", z.enum(["latest", "pending"]).optional()]],
      handler: ([a, tag]) => {
        const from = fromHex(a);
        let nonce = chain.account(from).nonce;
        if (tag === "pending") {
          const mine = mempool.candidates(chain.accounts).filter((tx) => toHex(tx.from) === toHex(from));
          nonce += BigInt(mine.length);
        }
        return nonce.toString();
      },
    }),
    defineMethod({
      name: "cowboy_getAccount",
      summary: "an account record at the head (nonce, balance, code hash, storage bytes)",
      params: [["address", address]],
      handler: ([a]) => accountToJson(chain.account(fromHex(a))),
    }),
    defineMethod({
      name: "cowboy_getAccountProof",
      summary: "an account record with its inclusion (or exclusion) proof against the head's state root",
      params: [["address", address]],
      handler: ([a]) => {
        const key = accountKey(fromHex(a));
        const proof = chain.state.prove(key);
        return {
          address: a,
          height: chain.head.height.toString(),
          state_root: hex(chain.state.root()),
          account: proof.value === null ? null : accountToJson(decodeAccount(proof.value)),
          proof: hex(encodeProof(proof)),
        };
      },
    }),
    defineMethod({
      name: "cowboy_basefees",
      summary: "the basefees the next block will charge, per Cycle and per Cell",
      params: [],
      handler: () => {
        const next = nextBlockBasefees(chain.head, chain.params);
        return { cycle: next.cycle.toString(), cell: next.cell.toString() };
      },
    }),
    defineMethod({
      name: "cowboy_estimateFee",
      summary: "suggested limits and fees for a transaction (JSON form; signature ignored), from its intrinsic cost (plus, for an actor call, its handler simulated read-only at the head) and recent tips",
      params: [["transaction", z.record(z.string(), z.unknown())], ["blocks", z.number().int().min(0).max(1000).optional()]],
      handler: ([json, blocks]) => {
        let tx: Transaction;
        try {
          tx = transactionFromJson(json);
        } catch (error) {
          if (error instanceof TransactionError) throw new RpcError(RpcErrorCode.InvalidParams, `invalid transaction: ${error.message}`);
          throw error;
        }
        const intrinsic = intrinsicCosts(tx, chain.params.costTable);
        let { cycles, cells } = intrinsic;
        // An actor call also pays for its handler: simulate it read-only at the head.
        if (tx.instruction.type === "call_actor") {
          const run = queryActor(chain.state.fork(), envOf(chain.head, chain.queryContext()), chain.params, {
            from: tx.from,
            target: tx.instruction.target,
            method: tx.instruction.method,
            args: tx.instruction.args,
            cyclesLimit: MAX_CALL_CYCLES,
          });
          cycles += run.cyclesUsed;
          cells += run.cellsUsed;
        }
        const estimate = estimateFees(
          { cycles, cells, basefees: nextBlockBasefees(chain.head, chain.params), recentTips: recentTips(), ...(blocks === undefined ? {} : { blocks }) },
          chain.params.feeMarket,
        );
        return Object.fromEntries(Object.entries(estimate).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v.toString()]));
      },
    }),
    defineMethod({
      name: "cowboy_sendRawTransaction",
      summary: "submits a signed transaction (canonical hex); returns its hash",
      params: [["raw", z.string().max(MAX_RAW_TX_HEX, "exceeds max_tx_size").regex(/^0x([0-9a-f]{2})+$/, "expected 0x-prefixed lowercase hex")]],
      handler: async ([raw]) => {
        let tx: Transaction;
        try {
          tx = createTransactionFromBytes(fromHex(raw));
        } catch (error) {
          if (error instanceof CodecError) throw new RpcError(RpcErrorCode.InvalidParams, `invalid raw: ${error.message}`);
          throw error;
        }
        return admit(tx);
      },
    }),
    defineMethod({
      name: "cowboy_call",
      summary: "runs an actor method read-only at the head (nothing is committed, messages are not delivered); returns the canonical result and its JSON form, or the Python error",
      params: [
        [
          "call",
          z.strictObject({
            from: address.optional(),
            to: address,
            method: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, "expected a public method name"),
            args: hexBytes(128 * 1024).optional(),
            cycles_limit: u64.optional(),
          }),
        ],
      ],
      handler: ([call]) => {
        const cyclesLimit = call.cycles_limit === undefined ? 10_000_000n : BigInt(call.cycles_limit);
        if (cyclesLimit > MAX_CALL_CYCLES) throw new RpcError(RpcErrorCode.InvalidParams, `cycles_limit exceeds ${MAX_CALL_CYCLES}`);
        const fork = chain.state.fork();
        const r = queryActor(fork, envOf(chain.head, chain.queryContext()), chain.params, {
          from: call.from === undefined ? new Uint8Array(20) : fromHex(call.from),
          target: fromHex(call.to),
          method: call.method,
          args: call.args === undefined ? new Uint8Array(0) : fromHex(call.args),
          cyclesLimit,
        });
        const base = { ok: r.ok, cycles_used: r.cyclesUsed.toString(), cells_used: r.cellsUsed.toString() };
        return r.ok ? { ...base, result: hex(r.data), json: valueJson(r.data) } : { ...base, error: new TextDecoder().decode(r.data) };
      },
    }),
    defineMethod({
      name: "cowboy_getCode",
      summary: "an actor's code hash and canonical Python source at the head, or null for an address without code",
      params: [["address", address]],
      handler: ([a]) => {
        const account = chain.account(fromHex(a));
        if (account.code_hash === null) return null;
        const code = chain.state.get(actorCodeKey(fromHex(a)));
        return { address: a, code_hash: hex(account.code_hash), source: code === undefined ? null : new TextDecoder().decode(code) };
      },
    }),
    defineMethod({
      name: "cowboy_getTimers",
      summary: "the active timers an address owns (created), in creation order, with their next fire height, per-fire limits and bid; [] on a chain without timers",
      params: [["address", address]],
      handler: ([a]) => {
        if (chain.params.scheduler === undefined) return [];
        return timersOf(chain.state.fork(), fromHex(a)).map(({ id, record }) => timerToJson(id, record));
      },
    }),
    defineMethod({
      name: "cowboy_getStorage",
      summary: "one storage slot of an actor (slot 0x00 holds its attributes, 0x01‖canonical(key) its storage[key]) with a proof against the head's state root",
      params: [["address", address], ["slot", hexBytes(1000)]],
      handler: ([a, slot]) => {
        if (slot === "0x") throw new RpcError(RpcErrorCode.InvalidParams, "slot must not be empty");
        const proof = chain.state.prove(actorStorageKey(fromHex(a), fromHex(slot)));
        return {
          address: a,
          slot,
          height: chain.head.height.toString(),
          state_root: hex(chain.state.root()),
          value: proof.value === null ? null : hex(proof.value),
          json: proof.value === null ? null : valueJson(proof.value),
          proof: hex(encodeProof(proof)),
        };
      },
    }),
    defineMethod({
      name: "cowboy_pendingCount",
      summary: "how many transactions the mempool holds",
      params: [],
      handler: () => mempool.size,
    }),
  ];

  const dev = ctx.devAccounts;
  methods.push(
    defineMethod({
      name: "cowboy_faucet",
      summary: "devnet only: sends `amount` base units (default 100 CBY) from dev account 0; returns the tx hash",
      params: [["address", address], ["amount", u64.optional()]],
      handler: async ([a, amount]) => {
        if (dev === undefined || dev.length === 0) throw new RpcError(RpcErrorCode.Unavailable, "the faucet exists only on a devnet");
        const payer = dev[0]!;
        const pendingNonce = chain.account(payer.address).nonce + BigInt(mempool.candidates(chain.accounts).filter((tx) => toHex(tx.from) === toHex(payer.address)).length);
        const basefees = nextBlockBasefees(chain.head, chain.params);
        const tx = createTransaction({
          chainId: chain.params.chainId,
          nonce: pendingNonce,
          instruction: { type: "transfer", to: fromHex(a), amount: BigInt(amount ?? (100n * 1_000_000_000n).toString()) },
          from: payer.address,
          cyclesLimit: 21_000n,
          cellsLimit: 0n,
          maxFeePerCycle: basefees.cycle * 2n,
          maxFeePerCell: basefees.cell * 2n,
        }).sign(payer.privateKey);
        return admit(tx, false);
      },
    }),
  );
  return methods;
}

