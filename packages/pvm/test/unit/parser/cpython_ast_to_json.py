#!/usr/bin/env python3
"""Converts CPython 3.11's AST of Python files to JSON in the shape of packages/pvm/src/ast.ts.

Usage: python3 cpython_ast_to_json.py FILE.py [...]   → writes FILE.ast.json next to each file.
       python3 cpython_ast_to_json.py --errors DIR OUT.json → captures the SyntaxError of each DIR/*.py.

Encoding of values that JSON cannot carry exactly (the vitest side encodes our AST the same way):
  int      → {"kind": "int", "value": "<decimal>"}
  float    → {"kind": "float", "value": "<16 hex digits of the IEEE-754 big-endian bits>"}
  complex  → {"kind": "complex", "imag": "<16 hex digits>"}
  bytes    → {"kind": "bytes", "value": "<hex>"}
Columns are converted from CPython's UTF-8 byte offsets to code points of the line.
"""
import ast
import json
import os
import struct
import sys

assert sys.version_info[:2] == (3, 11), "the oracle must be CPython 3.11"


def f64hex(v):
    return struct.pack(">d", v).hex()


def const(v):
    if v is None:
        return {"kind": "None"}
    if v is Ellipsis:
        return {"kind": "Ellipsis"}
    if isinstance(v, bool):
        return {"kind": "bool", "value": v}
    if isinstance(v, int):
        return {"kind": "int", "value": str(v)}
    if isinstance(v, float):
        return {"kind": "float", "value": f64hex(v)}
    if isinstance(v, complex):
        return {"kind": "complex", "imag": f64hex(v.imag)}
    if isinstance(v, str):
        return {"kind": "str", "value": v}
    if isinstance(v, bytes):
        return {"kind": "bytes", "value": v.hex()}
    raise TypeError(type(v))


class Converter:
    def __init__(self, source):
        self.lines = [l.encode("utf-8", "surrogatepass") for l in source.split("\n")]

    def col(self, lineno, byte_col):
        line = self.lines[lineno - 1] if 0 < lineno <= len(self.lines) else b""
        return len(line[:byte_col].decode("utf-8", "surrogatepass"))

    def conv(self, node):
        if isinstance(node, list):
            return [self.conv(x) for x in node]
        if node is None:
            return None
        if not isinstance(node, ast.AST):
            return node
        name = type(node).__name__
        if isinstance(node, (ast.operator, ast.unaryop, ast.cmpop, ast.boolop, ast.expr_context)):
            return name
        out = {"type": name}
        for field in node._fields:
            value = getattr(node, field, None)
            key = "type_" if (name == "ExceptHandler" and field == "type") else field
            if name == "Constant" and field == "value":
                out[key] = const(value)
            elif name == "MatchSingleton" and field == "value":
                out[key] = const(value)
            else:
                out[key] = self.conv(value)
        if "lineno" in node._attributes:
            out["lineno"] = node.lineno
            out["col_offset"] = self.col(node.lineno, node.col_offset)
            out["end_lineno"] = node.end_lineno
            out["end_col_offset"] = self.col(node.end_lineno, node.end_col_offset)
        return out


def normalize(source):
    if source.startswith("\ufeff"):
        source = source[1:]
    return source.replace("\r\n", "\n").replace("\r", "\n")


def convert_file(path):
    with open(path, encoding="utf-8", newline="") as f:
        source = normalize(f.read())
    # The program must also pass CPython's compiler checks: the PVM rejects what compile() rejects.
    compile(source, os.path.basename(path), "exec")
    tree = ast.parse(source, filename=os.path.basename(path))
    return Converter(source).conv(tree)


def capture_errors(directory, out_path):
    cases = {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(directory, name), encoding="utf-8", newline="") as f:
            source = f.read()
        try:
            compile(source, name, "exec")
            raise SystemExit(f"{name}: expected a SyntaxError, but it compiled")
        except SyntaxError as e:
            # CPython 3.11 reports parser and tokenizer offsets in code points (1-based), which is
            # what we report everywhere; its symtable/compiler errors use UTF-8 byte offsets, so
            # non-ASCII text before such an error would differ (keep those cases ASCII).
            offset = e.offset or 0
            cases[name] = {"kind": type(e).__name__, "msg": e.msg, "lineno": e.lineno, "offset": offset}
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(cases, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


def main(argv):
    if argv and argv[0] == "--errors":
        capture_errors(argv[1], argv[2])
        return
    for path in argv:
        data = convert_file(path)
        out = path[:-3] + ".ast.json"
        with open(out, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=True)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
