"""cowboy-py: the Python SDK of Cowboy (spec §10) — a JSON-RPC client with local signing, the
canonical encodings, and a pytest plugin for testing actors on a devnet.

    from cowboy_py import Cowboy, Account
    w3 = Cowboy("http://127.0.0.1:8545")
    me = Account.from_key("0x…")
    tx_hash, address = w3.deploy(me, open("counter.py").read())
"""

from .account import Account, actor_address, canonicalize_source, dev_accounts
from .cbor import Address, CborError
from .client import BASE_UNITS_PER_CBY, CallFailed, Cowboy, RpcError, TransactionFailed, encode_args
from .encoding import EncodingError, decode_tx, encode_tx, signing_hash
from .keccak import keccak256
from .testing import ActorHandle, Chain, Event

__version__ = "0.1.0"

__all__ = [
    "Account",
    "ActorHandle",
    "Address",
    "BASE_UNITS_PER_CBY",
    "CallFailed",
    "CborError",
    "Chain",
    "Cowboy",
    "EncodingError",
    "Event",
    "RpcError",
    "TransactionFailed",
    "actor_address",
    "canonicalize_source",
    "decode_tx",
    "dev_accounts",
    "encode_args",
    "encode_tx",
    "keccak256",
    "signing_hash",
]
