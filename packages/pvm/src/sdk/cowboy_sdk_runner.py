"""Off-chain jobs (spec 5, cips/runner-market.md, cips/sdk.md "Job kinds"): submit a job to the Job Dispatcher (0x02)
and receive its result in a continuation."""
import pvm_host as _h

DISPATCHER = b"\x00" * 19 + b"\x02"
STATUSES = ("ok", "failed", "timeout", "refunded")
PRICINGS = ("fixed", "usage")
CBY = 10 ** 9


def amount(value, what="max_price"):
    """Base units from an int, or from text as `cowboy transfer --amount` takes it: "1500" (base units),
    "2.5cby" or "1 CBY" (CBY, 9 decimals), "_" allowed between digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        units = value
    elif isinstance(value, str):
        text = value.strip().replace("_", "").lower()
        unit = text.endswith("cby")
        if unit:
            text = text[:-3].strip()
        whole, dot, fraction = text.partition(".")
        if not whole.isdigit() or (dot and not fraction.isdigit()) or (dot and not unit) or len(fraction) > 9:
            raise ValueError(what + " must be base units (e.g. 1500) or CBY with a unit (e.g. 2.5cby), got '" + value + "'")
        units = int(whole) * CBY + int((fraction + "000000000")[:9]) if unit else int(whole)
    else:
        raise TypeError(what + " must be an int of base units or an amount string")
    if units <= 0 or units >= 2 ** 64:
        raise ValueError(what + " must be above 0 and below 2**64 base units")
    return units


def submit(kind, spec, result_schema=None, runners=0, quorum=0, verification=None, max_price=None,
           allow_domains=None, callback=None, secrets=None, volumes=None, requires=None, match_fields=None,
           pricing=None, tip=None):
    """Post a job; returns its id (32 bytes). `max_price` base units move from this actor into escrow now; the
    result reaches `callback(job_id, status, result)` (a @runner.continuation method) when the job ends.
    `pricing` "fixed" (default: rate_card[kind] per execution) or "usage" (reported units x rates, at most max_price).
    `tip` (an amount, part of max_price) goes whole to the paid runners on success and is refunded otherwise."""
    if result_schema is None:
        raise ValueError("runner.submit: result_schema is required (the JSON schema of the result)")
    if max_price is None:
        raise ValueError("runner.submit: max_price is required (base units, or an amount such as \"2cby\")")
    if pricing is not None and pricing not in PRICINGS:
        raise ValueError("runner.submit: pricing must be \"fixed\" or \"usage\", got " + repr(pricing))
    max_price = amount(max_price)
    request = {"kind": kind, "spec": spec, "result_schema": result_schema}
    if runners:
        request["runners"] = runners
    if quorum:
        request["quorum"] = quorum
    if verification is not None:
        request["verification"] = verification
    if allow_domains:
        request["allow_domains"] = list(allow_domains)
    if callback is not None:
        request["callback"] = callback if isinstance(callback, str) else callback.__name__
    if secrets:
        request["secrets"] = list(secrets)
    if volumes:
        request["volumes"] = list(volumes)
    if requires:
        request["requires"] = list(requires)
    if match_fields:
        request["match_fields"] = list(match_fields)
    if pricing is not None:
        request["pricing"] = pricing
    if tip is not None:
        request["tip"] = amount(tip)
    ok, out = _h.call_actor(DISPATCHER, "submit", _h.encode([request]), max_price)
    if not ok:
        raise ValueError(out)
    return _h.decode(out)


def require(names, inheritable=False):
    """Declare the entitlements this actor's jobs require (0x07; replaces the previous list)."""
    entries = [[n, bool(inheritable)] for n in names]
    ok, out = _h.call_actor(DISPATCHER, "set_requires", _h.encode([entries]), 0)
    if not ok:
        raise ValueError(out)


def continuation(fn):
    """Mark `fn(self, job_id, status, result)` as a job continuation: only the Job Dispatcher may call it."""

    def resume(*args, **kwargs):
        if _h.sender() != DISPATCHER:
            raise PermissionError(fn.__name__ + " is a job continuation: only the Job Dispatcher (0x02) calls it")
        return fn(*args, **kwargs)

    resume.__name__ = fn.__name__
    resume.__qualname__ = fn.__qualname__
    resume.__doc__ = fn.__doc__
    resume.__cowboy_continuation__ = True
    return resume
