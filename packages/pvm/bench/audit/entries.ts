// The metering audit's workloads (issue 18, cips/metering.md "Size-dependent surcharges"): every
// builtin, method, operator and stdlib function whose work depends on the size of its operands, each
// run at sizes up to the per-call limits. `setup` runs once at load with `N` bound; `op` is one
// statement timed in a loop. A surcharge is right when the entry's nanoseconds per Cycle stay near
// plain arithmetic's at every size.

export interface AuditEntry {
  readonly name: string;
  /** Module-level Python run once per size; `N` is bound to the size. */
  readonly setup: string;
  /** One Python statement (may use `;`), timed in a loop. */
  readonly op: string;
  readonly sizes: readonly number[];
  /** Modules to import before setup. */
  readonly imports?: readonly string[];
}

/** The baseline: plain small-int arithmetic, one statement of three operators per iteration. */
export const BASELINE: AuditEntry = { name: "baseline: x = (x + i * 3 - 1) & 1023", setup: "", op: "x = (x + i * 3 - 1) & 1023", sizes: [0] };

const S = [1_000, 100_000];
const BIG = [1_000, 4_000];
/** Big-int arithmetic also at 128 bits, where a bigint's fixed cost (allocation, conversions) dominates. */
const BIG3 = [128, 1_000, 4_000];
// A deterministic permutation of range(N) (a multiplicative LCG), so sorts and sets see unordered data.
const PERM = "P = [(i * 7919 + 13) % N for i in range(N)]";
const STRS = "W = ['w%06d' % ((i * 7919) % N) for i in range(N)]";
const TEXT = "TX = ','.join('w%06d' % i for i in range(N))";

export const ENTRIES: readonly AuditEntry[] = [
  // hashing and lookups keyed by containers
  { name: "hash(tuple)", setup: "T = tuple(range(N))", op: "hash(T)", sizes: S },
  { name: "hash(tuple of tuples)", setup: "T = tuple((i, i) for i in range(N))", op: "hash(T)", sizes: S },
  { name: "hash(frozenset)", setup: "F = frozenset(range(N))", op: "hash(F)", sizes: S },
  { name: "hash(bytes)", setup: "B = bytes(N)", op: "hash(B)", sizes: S },
  { name: "hash(str)", setup: "Z = 'a' * N", op: "hash(Z)", sizes: S },
  { name: "dict[tuple] (same object)", setup: "T = tuple(range(N)); D = {T: 1}", op: "D[T]", sizes: S },
  { name: "dict[tuple] (equal copy)", setup: "T = tuple(range(N)); T2 = tuple(list(T)); D = {T: 1}", op: "D[T2]", sizes: S },
  { name: "tuple in set", setup: "T = tuple(range(N)); Q = {T}", op: "T in Q", sizes: S },
  { name: "frozenset in set", setup: "F = frozenset(range(N)); Q = {F}", op: "F in Q", sizes: S },
  { name: "dict[frozenset] store", setup: "F = frozenset(range(N)); D = {}", op: "D[F] = 1", sizes: S },
  { name: "dict[str] (long key)", setup: "Z = 'a' * N; D = {Z: 1}", op: "D[Z]", sizes: S },
  // dicts
  { name: "dict.copy()", setup: "D = {i: i for i in range(N)}", op: "D.copy()", sizes: S },
  { name: "dict(d)", setup: "D = {i: i for i in range(N)}", op: "dict(D)", sizes: S },
  { name: "{**d}", setup: "D = {i: i for i in range(N)}", op: "{**D}", sizes: S },
  { name: "dict.update(d)", setup: "D = {i: i for i in range(N)}; E = {}", op: "E.update(D)", sizes: S },
  { name: "d1 == d2", setup: "D = {i: i for i in range(N)}; E = dict(D)", op: "D == E", sizes: S },
  { name: "d | d2", setup: "D = {i: i for i in range(N)}; E = {i: 0 for i in range(0, N, 2)}", op: "D | E", sizes: S },
  { name: "list(d.items())", setup: "D = {i: i for i in range(N)}", op: "list(D.items())", sizes: S },
  { name: "dict.fromkeys(l)", setup: PERM, op: "dict.fromkeys(P)", sizes: S },
  { name: "repr(dict)", setup: "D = {i: i for i in range(N)}", op: "repr(D)", sizes: S },
  // sets
  { name: "set | set", setup: "A = set(range(N)); B = set(range(N // 2, N + N // 2))", op: "A | B", sizes: S },
  { name: "set & set", setup: "A = set(range(N)); B = set(range(N // 2, N + N // 2))", op: "A & B", sizes: S },
  { name: "set - set", setup: "A = set(range(N)); B = set(range(N // 2, N + N // 2))", op: "A - B", sizes: S },
  { name: "set ^ set", setup: "A = set(range(N)); B = set(range(N // 2, N + N // 2))", op: "A ^ B", sizes: S },
  { name: "set.union(list)", setup: "A = set(range(N)); L = list(range(N // 2, N + N // 2))", op: "A.union(L)", sizes: S },
  { name: "set.issubset", setup: "A = set(range(N)); B = set(A)", op: "A.issubset(B)", sizes: S },
  { name: "set == set", setup: "A = set(range(N)); B = set(A)", op: "A == B", sizes: S },
  { name: "set(list)", setup: PERM, op: "set(P)", sizes: S },
  { name: "frozenset of tuples", setup: "L = [(i, i) for i in range(N)]", op: "frozenset(L)", sizes: S },
  { name: "repr(set)", setup: "A = set(range(N))", op: "repr(A)", sizes: S },
  // big ints
  { name: "pow(a, e, m)", setup: "A = 3 ** (N // 2) + 1; E = 7 ** (N // 3); M = (1 << (N - 1)) + 12345", op: "pow(A, E, M)", sizes: BIG3 },
  { name: "a * b (bits)", setup: "A = (1 << (N // 2 - 2)) - 12345; B = (1 << (N // 2)) - 777", op: "A * B", sizes: BIG3 },
  { name: "a // b (bits)", setup: "A = (1 << (N - 2)) - 12345; B = (1 << (N // 2)) - 777", op: "A // B", sizes: BIG3 },
  { name: "a + b (bits)", setup: "A = (1 << (N - 2)) - 12345; B = (1 << (N // 2)) - 777", op: "A + B", sizes: BIG3 },
  { name: "a ** k", setup: "A = 3; K = N // 2", op: "A ** K", sizes: BIG },
  { name: "str(int)", setup: "A = (1 << (N - 2)) - 12345", op: "str(A)", sizes: BIG },
  { name: "int(str)", setup: "Z = str((1 << (N - 2)) - 12345)", op: "int(Z)", sizes: BIG },
  { name: "hex(int)", setup: "A = (1 << (N - 2)) - 12345", op: "hex(A)", sizes: BIG },
  { name: "int.to_bytes", setup: "A = (1 << (N - 2)) - 12345; K = N // 8", op: "A.to_bytes(K, 'big')", sizes: BIG },
  { name: "int.from_bytes", setup: "B = bytes(range(256)) * (N // 2048 + 1)", op: "int.from_bytes(B, 'big')", sizes: BIG },
  { name: "a << k", setup: "A = 12345; K = N - 20", op: "A << K", sizes: BIG },
  { name: "math.isqrt", setup: "import math; A = (1 << (N - 2)) - 12345", op: "math.isqrt(A)", sizes: BIG, imports: ["math"] },
  { name: "math.gcd", setup: "import math; A = (1 << (N - 2)) - 12345; B = 3 ** (N // 3)", op: "math.gcd(A, B)", sizes: BIG, imports: ["math"] },
  { name: "math.factorial", setup: "import math; K = N // 10", op: "math.factorial(K)", sizes: [1_000, 4_000], imports: ["math"] },
  // bytes
  { name: "bytes.hex()", setup: "B = bytes(range(256)) * (N // 256)", op: "B.hex()", sizes: S },
  { name: "bytes.fromhex", setup: "H = (bytes(range(256)) * (N // 256)).hex()", op: "bytes.fromhex(H)", sizes: S },
  { name: "bytes + bytes", setup: "B = bytes(N)", op: "B + B", sizes: S },
  { name: "bytes.find (miss)", setup: "B = bytes(N)", op: "B.find(b'x')", sizes: S },
  { name: "bytes.replace", setup: "B = bytes(N)", op: "B.replace(b'\\x00', b'ab')", sizes: S },
  { name: "bytes(list)", setup: "L = [i & 255 for i in range(N)]", op: "bytes(L)", sizes: S },
  { name: "list(bytes)", setup: "B = bytes(N)", op: "list(B)", sizes: S },
  { name: "bytes == bytes", setup: "B = bytes(N); C = bytes(N)", op: "B == C", sizes: S },
  { name: "bytes.decode", setup: "B = b'a' * N", op: "B.decode()", sizes: S },
  { name: "str.encode", setup: "Z = 'a' * N", op: "Z.encode()", sizes: S },
  { name: "bytearray(b)", setup: "B = bytes(N)", op: "bytearray(B)", sizes: S },
  { name: "repr(bytes)", setup: "B = bytes(range(256)) * (N // 256)", op: "repr(B)", sizes: S },
  // str
  { name: "str.join", setup: STRS, op: "','.join(W)", sizes: S },
  { name: "str.split", setup: TEXT, op: "TX.split(',')", sizes: S },
  { name: "str.split()", setup: "TX = ' '.join('w%06d' % i for i in range(N))", op: "TX.split()", sizes: S },
  { name: "str.replace", setup: TEXT, op: "TX.replace(',', ';;')", sizes: S },
  { name: "str.find (miss)", setup: TEXT, op: "TX.find('zz')", sizes: S },
  { name: "str.count", setup: TEXT, op: "TX.count('w0')", sizes: S },
  { name: "sub in str (miss)", setup: TEXT, op: "'zz' in TX", sizes: S },
  { name: "str == str", setup: "Z = 'a' * N; Y = 'a' * N", op: "Z == Y", sizes: S },
  { name: "str < str", setup: "Z = 'a' * N; Y = 'a' * N + 'b'", op: "Z < Y", sizes: S },
  { name: "str.upper", setup: TEXT, op: "TX.upper()", sizes: S },
  { name: "str.strip", setup: "Z = ' ' * N + 'a' + ' ' * N", op: "Z.strip()", sizes: S },
  { name: "str.startswith", setup: "Z = 'a' * N", op: "Z.startswith(Z)", sizes: S },
  { name: "str.isdigit", setup: "Z = '7' * N", op: "Z.isdigit()", sizes: S },
  { name: "str * k", setup: "K = N // 10", op: "'abcdefghij' * K", sizes: S },
  { name: "str + str", setup: "Z = 'a' * N", op: "Z + Z", sizes: S },
  { name: "str slice", setup: "Z = 'a' * N", op: "Z[1:]", sizes: S },
  { name: "str[::-1]", setup: "Z = 'ab' * (N // 2)", op: "Z[::-1]", sizes: S },
  { name: "f-string", setup: "Z = 'a' * N", op: "f'<{Z}>'", sizes: S },
  { name: "'%s' % s", setup: "Z = 'a' * N", op: "'<%s>' % Z", sizes: S },
  { name: "str.format", setup: "Z = 'a' * N", op: "'<{}>'.format(Z)", sizes: S },
  { name: "repr(str)", setup: "Z = 'a\\n' * (N // 2)", op: "repr(Z)", sizes: S },
  { name: "str.splitlines", setup: "Z = 'abc\\n' * (N // 4)", op: "Z.splitlines()", sizes: S },
  { name: "list(str)", setup: "Z = 'a' * N", op: "list(Z)", sizes: S },
  { name: "str.zfill", setup: "K = N", op: "'7'.zfill(K)", sizes: S },
  { name: "ord/sorted(str)", setup: "Z = ''.join(chr(97 + (i * 7) % 26) for i in range(N))", op: "sorted(Z)", sizes: S },
  // sequences
  { name: "sorted(ints)", setup: PERM, op: "sorted(P)", sizes: S },
  { name: "sorted(strs)", setup: STRS, op: "sorted(W)", sizes: S },
  { name: "sorted(tuples)", setup: "TP = [((i * 7919) % N, i) for i in range(N)]", op: "sorted(TP)", sizes: S },
  { name: "list.sort(key=)", setup: PERM, op: "L = P[:]; L.sort(key=abs)", sizes: S },
  { name: "list == list", setup: "L = list(range(N)); M = list(range(N))", op: "L == M", sizes: S },
  { name: "tuple < tuple", setup: "L = tuple(range(N)); M = tuple(range(N)) + (1,)", op: "L < M", sizes: S },
  { name: "x in list (miss)", setup: "L = list(range(N))", op: "-1 in L", sizes: S },
  { name: "x in tuple (miss)", setup: "L = tuple(range(N))", op: "-1 in L", sizes: S },
  { name: "list.index", setup: "L = list(range(N)); K = N - 1", op: "L.index(K)", sizes: S },
  { name: "list.count", setup: "L = list(range(N))", op: "L.count(3)", sizes: S },
  { name: "list.remove+append", setup: "L = list(range(N)); K = N - 1", op: "L.remove(K); L.append(K)", sizes: S },
  { name: "list slice", setup: "L = list(range(N))", op: "L[1:]", sizes: S },
  { name: "list[::-1]", setup: "L = list(range(N))", op: "L[::-1]", sizes: S },
  { name: "del list[0]; append", setup: "L = list(range(N))", op: "del L[0]; L.append(0)", sizes: S },
  { name: "list.insert(0)+pop", setup: "L = list(range(N))", op: "L.insert(0, 1); L.pop()", sizes: S },
  { name: "list.pop(0)+append", setup: "L = list(range(N))", op: "L.append(L.pop(0))", sizes: S },
  { name: "list slice assign", setup: "L = list(range(N)); M = list(range(N))", op: "L[:] = M", sizes: S },
  { name: "list + list", setup: "L = list(range(N))", op: "L + L", sizes: S },
  { name: "list * 2", setup: "L = list(range(N))", op: "L * 2", sizes: S },
  { name: "list.extend", setup: "L = []; M = list(range(N))", op: "L.extend(M); L.clear()", sizes: S },
  { name: "list.copy", setup: "L = list(range(N))", op: "L.copy()", sizes: S },
  { name: "list.reverse", setup: "L = list(range(N))", op: "L.reverse()", sizes: S },
  { name: "list(tuple)", setup: "T = tuple(range(N))", op: "list(T)", sizes: S },
  { name: "tuple(list)", setup: "L = list(range(N))", op: "tuple(L)", sizes: S },
  { name: "sum/min/max", setup: "L = list(range(N))", op: "sum(L); min(L); max(L)", sizes: S },
  { name: "any/all", setup: "L = [0] * N; M = [1] * N", op: "any(L); all(M)", sizes: S },
  { name: "list(zip)", setup: "L = list(range(N))", op: "list(zip(L, L))", sizes: S },
  { name: "list(enumerate)", setup: "L = list(range(N))", op: "list(enumerate(L))", sizes: S },
  { name: "list(reversed)", setup: "L = list(range(N))", op: "list(reversed(L))", sizes: S },
  { name: "list(range)", setup: "", op: "list(range(N))", sizes: S },
  { name: "list(map(abs))", setup: "L = list(range(N))", op: "list(map(abs, L))", sizes: S },
  { name: "unpack *l", setup: "L = list(range(N))", op: "[*L]", sizes: S },
  { name: "repr(list)", setup: "L = list(range(N))", op: "repr(L)", sizes: S },
  { name: "repr(nested)", setup: "L = [[i, (i, str(i))] for i in range(N // 4)]", op: "repr(L)", sizes: S },
  { name: "str(tuple)", setup: "T = tuple(range(N))", op: "str(T)", sizes: S },
  { name: "len/bool", setup: "L = list(range(N))", op: "len(L); bool(L)", sizes: S },
  // stdlib
  { name: "json.dumps", setup: "import json; D = [{'a': i, 'b': 'x' * 5} for i in range(N // 10)]", op: "json.dumps(D)", sizes: S, imports: ["json"] },
  { name: "json.loads", setup: "import json; TJ = json.dumps([{'a': i, 'b': 'x' * 5} for i in range(N // 10)])", op: "json.loads(TJ)", sizes: S, imports: ["json"] },
  { name: "hashlib.sha256", setup: "import hashlib; B = bytes(N)", op: "hashlib.sha256(B).digest()", sizes: S, imports: ["hashlib"] },
  { name: "struct.pack many", setup: "import struct; L = list(range(N // 10)); FM = '<%dq' % len(L)", op: "struct.pack(FM, *L)", sizes: S, imports: ["struct"] },
  { name: "re.findall", setup: "import re; TX = ','.join('w%06d' % i for i in range(N // 8))", op: "re.findall(r'w(\\d+)', TX)", sizes: S, imports: ["re"] },
  { name: "collections.Counter", setup: "import collections; L = [i % 97 for i in range(N)]", op: "collections.Counter(L)", sizes: S, imports: ["collections"] },
  { name: "collections.deque", setup: "import collections; L = list(range(N))", op: "collections.deque(L)", sizes: S, imports: ["collections"] },
  { name: "copy via list comp", setup: "L = list(range(N))", op: "[x for x in L]", sizes: S },
];
