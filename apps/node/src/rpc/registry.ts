import { z } from "zod";
import { RpcError, RpcErrorCode } from "./errors.js";

/**
 * One JSON-RPC method. `params` validates the positional parameter array (a zod tuple), so a
 * handler only ever sees well-typed input; its messages name the parameter that is wrong.
 */
export interface RpcMethod<P extends readonly unknown[] = any, R = unknown> {
  readonly name: string;
  readonly summary: string;
  readonly params: z.ZodType<P>;
  /** Parameter names in order, for error messages and documentation. */
  readonly paramNames: readonly string[];
  handler(params: P): Promise<R> | R;
}

export function defineMethod<const S extends readonly z.ZodType[], R>(spec: {
  name: string;
  summary: string;
  params: { [K in keyof S]: readonly [string, S[K]] };
  handler: (params: { -readonly [K in keyof S]: z.output<S[K]> }) => Promise<R> | R;
}): RpcMethod<any, R> {
  const schemas = spec.params.map(([, schema]) => schema) as unknown as [z.ZodType, ...z.ZodType[]];
  const names = spec.params.map(([name]) => name);
  // Optional trailing parameters may be omitted, as Ethereum clients allow.
  const tuple = schemas.length === 0 ? z.tuple([]) : z.tuple(schemas);
  return { name: spec.name, summary: spec.summary, params: tuple as never, paramNames: names, handler: spec.handler as never };
}

export class MethodRegistry {
  readonly #methods = new Map<string, RpcMethod>();

  register(...methods: RpcMethod[]): this {
    for (const method of methods) {
      if (this.#methods.has(method.name)) throw new Error(`RPC method ${method.name} registered twice`);
      this.#methods.set(method.name, method);
    }
    return this;
  }

  get(name: string): RpcMethod | undefined {
    return this.#methods.get(name);
  }

  names(): string[] {
    return [...this.#methods.keys()].sort();
  }

  /** Validates `raw` params against the method and runs it; errors become RpcErrors. */
  async call(name: string, raw: unknown): Promise<unknown> {
    const method = this.#methods.get(name);
    if (method === undefined) throw new RpcError(RpcErrorCode.MethodNotFound, `the method ${name} does not exist`);
    const given = raw === undefined ? [] : raw;
    if (!Array.isArray(given)) throw new RpcError(RpcErrorCode.InvalidParams, "params must be an array");
    // Pad omitted trailing parameters with undefined so optional ones validate.
    const padded = given.length < method.paramNames.length ? [...given, ...Array(method.paramNames.length - given.length).fill(undefined)] : given;
    if (padded.length > method.paramNames.length) {
      throw new RpcError(RpcErrorCode.InvalidParams, `${name} takes at most ${method.paramNames.length} params, got ${given.length}`);
    }
    const parsed = method.params.safeParse(padded);
    if (!parsed.success) throw new RpcError(RpcErrorCode.InvalidParams, describeIssue(parsed.error, method));
    return method.handler(parsed.data);
  }
}

function describeIssue(error: z.ZodError, method: RpcMethod): string {
  const issue = error.issues[0]!;
  const [index, ...rest] = issue.path;
  const param = typeof index === "number" ? (method.paramNames[index] ?? `#${index}`) : "params";
  const where = [param, ...rest.map(String)].join(".");
  return `invalid ${where}: ${issue.message}`;
}
