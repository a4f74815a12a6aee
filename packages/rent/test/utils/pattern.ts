// Storage pairs generated from a short description (test-vectors/rent/segments.json): byte i of a value is (i · step) mod 256.
import { fromHex } from "@cowboy/codec";
import type { StoragePair } from "../../src/index.js";

export interface PatternPair {
  readonly slot: string;
  readonly length: number;
  readonly step: number;
}

export const patternPairs = (ps: readonly PatternPair[]): StoragePair[] => ps.map((p) => [fromHex(p.slot), Uint8Array.from({ length: p.length }, (_, i) => (i * p.step) & 0xff)]);
