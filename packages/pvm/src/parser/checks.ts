// Checks CPython makes after parsing (in its compiler and symbol table) that reject a program
// before it runs: placeholder filled in below.
import type { Module } from "../ast.js";
import type { SourceInfo } from "./errors.js";

export function checkModule(_module: Module, _info: SourceInfo): void {}
