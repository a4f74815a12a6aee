"""CBFS volumes an actor owns (cips/cbfs.md 8.1): anchor a manifest root at the Storage Manager (0x0A) with this
actor as owner, and delegate reads of it. An actor cannot sign a CapToken: a delegation recorded at 0x0A stands in
for one, and a job naming a volume this actor owns gives each assigned runner a read delegation by itself."""
import pvm_host as _h

STORAGE_MANAGER = b"\x00" * 19 + b"\x0a"
RIGHTS = {"read": 1, "write": 2, "list": 4, "repair": 8}


def _bytes(value, n, what):
    if isinstance(value, str):
        text = value[2:] if value.startswith("0x") else value
        value = bytes.fromhex(text)
    if not isinstance(value, bytes) or len(value) != n:
        raise ValueError(what + " must be " + str(n) + " bytes (or their hex)")
    return value


def _call(method, args):
    ok, out = _h.call_actor(STORAGE_MANAGER, method, _h.encode(args), 0)
    if not ok:
        raise ValueError(out)
    return _h.decode(out)


def anchor(root, size, k=4, m=2, blocks=100000):
    """Anchor manifest `root` (32 bytes) of a file of `size` bytes coded K+M, owned by this actor, with `blocks`
    blocks of rent moved from this actor's balance into 0x0A. Returns the rent paid (base units)."""
    return _call("anchor", [_bytes(root, 32, "root"), size, k, m, blocks])


def delegate(root, grantee, rights=("read",), blocks=600):
    """Let `grantee` (a 20-byte address) use volume `root` with `rights` (names from RIGHTS) for `blocks` blocks
    from now, replacing any earlier delegation to it. Returns (not_before, not_after) heights."""
    mask = 0
    for r in rights:
        if r not in RIGHTS:
            raise ValueError("unknown right " + repr(r) + "; known: read, write, list, repair")
        mask |= RIGHTS[r]
    return tuple(_call("delegate", [_bytes(root, 32, "root"), _bytes(grantee, 20, "grantee"), mask, blocks]))


def revoke_delegation(root, grantee):
    """Withdraw `grantee`'s delegation on volume `root`."""
    _call("revoke_delegation", [_bytes(root, 32, "root"), _bytes(grantee, 20, "grantee")])
