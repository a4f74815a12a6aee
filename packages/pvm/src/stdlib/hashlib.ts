// `hashlib` for actors: sha256, sha3_256, blake2b (digest_size/key/salt/person) and Cowboy's
// keccak256, with CPython 3.11's object API (update, digest, hexdigest, copy, name, digest_size,
// block_size) and errors. SHA-256 and Keccak-256 come from @cowboy/crypto; SHA3-256 and BLAKE2b
// are our own (hashlib/keccak.ts, hashlib/blake2b.ts), checked against CPython's outputs.
import { keccak256 as keccak256Bytes, sha256 as sha256Bytes } from "@cowboy/crypto";
import { fnValue } from "../builtins/util.js";
import type { ModuleDef } from "../modules.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyByteArray, PyBytes, type Value } from "../runtime/object.js";
import { T } from "../runtime/types.js";
import { blake2b } from "./hashlib/blake2b.js";
import { digestCycles, HASHLIB_COSTS } from "./hashlib/costs.js";
import { keccak } from "./hashlib/keccak.js";
import { hashlib_py } from "./py/sources.js";

export { HASHLIB_COSTS };

function bytesOf(v: Value | undefined, what: string): Uint8Array {
  if (v instanceof PyBytes) return v.b;
  if (v instanceof PyByteArray) return v.view();
  throw pyErr("TypeError", `${what} must be bytes`);
}

function natives(): Map<string, Value> {
  const m = new Map<string, Value>();
  m.set(
    "_digest",
    fnValue("_digest", (rt, a) => {
      const name = a[0];
      const data = bytesOf(a[1], "data");
      const size = a[2];
      if (typeof size !== "number") throw pyErr("TypeError", "digest_size must be an int");
      let out: Uint8Array;
      switch (name) {
        case "sha256":
          rt.charge(digestCycles(name, data.length, false));
          out = sha256Bytes(data.slice());
          break;
        case "keccak256":
          rt.charge(digestCycles(name, data.length, false));
          out = keccak256Bytes(data.slice());
          break;
        case "sha3_256":
          rt.charge(digestCycles(name, data.length, false));
          out = keccak(data, 0x06);
          break;
        case "blake2b": {
          const key = bytesOf(a[3], "key");
          rt.charge(digestCycles(name, data.length, key.length > 0));
          out = blake2b(data, size, key, bytesOf(a[4], "salt"), bytesOf(a[5], "person"));
          break;
        }
        default:
          throw pyErr("ValueError", `unsupported hash type ${String(name)}`);
      }
      rt.alloc(out.length);
      return new PyBytes(T.bytes, out);
    }),
  );
  return m;
}

/** The `hashlib` module definition, for `ModuleRegistry.register("hashlib", hashlibModule())`. */
export function hashlibModule(): ModuleDef {
  return { kind: "source", source: hashlib_py, filename: "hashlib.py", natives };
}
