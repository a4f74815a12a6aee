import { Frame } from "../runtime/frame.js";
import type { Value } from "../runtime/object.js";

export { Frame };

/** Completion codes of compiled statements: control flow without exceptions. */
export const NORMAL = 0;
export const BREAK = 1;
export const CONTINUE = 2;
export const RETURN = 3;

export type EF = (f: Frame) => Value;
export type SF = (f: Frame) => number;
export type GEF = (f: Frame) => Generator<Value, Value, Value>;
export type GSF = (f: Frame) => Generator<Value, number, Value>;
