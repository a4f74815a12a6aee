"""The cowboy-py pytest plugin (entry point `pytest11: cowboy`): fixtures that start or attach to a
devnet and test actors from Python (issue 20).

Fixtures:
- `cowboy_devnet` (session): the devnet's RPC URL; a node started for the run (manual mode,
  automine on, stopped at the end), or the one at `--cowboy-rpc URL` / `$COWBOY_RPC`.
- `cowboy` (session): a `Cowboy` client of it.
- `accounts` (session): the devnet's ten dev accounts (`Account`: `.address`, signs).
- `chain` (per test): a `Chain` (deploy, mine, snapshot/revert, events); each test runs inside a
  snapshot that is reverted afterwards, so tests do not see each other's blocks.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from .account import Account, dev_accounts
from .client import Cowboy, RpcError
from .devnet import Devnet
from .testing import Chain

UNAVAILABLE = -32003


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("cowboy", "Cowboy devnet")
    group.addoption("--cowboy-rpc", default=None, help="attach to the devnet at this JSON-RPC URL instead of starting one (also $COWBOY_RPC)")
    group.addoption("--cowboy-node-log", action="store_true", default=False, help="print the started node's log at the end of the run")


@pytest.fixture(scope="session")
def cowboy_devnet(request: pytest.FixtureRequest) -> Iterator[str]:
    url = request.config.getoption("--cowboy-rpc") or os.environ.get("COWBOY_RPC")
    if url:
        yield url
        return
    devnet = Devnet.start()
    try:
        yield devnet.url
    finally:
        devnet.stop()
        if request.config.getoption("--cowboy-node-log"):
            print(devnet.log())


@pytest.fixture(scope="session")
def cowboy(cowboy_devnet: str) -> Cowboy:
    client = Cowboy(cowboy_devnet)
    try:
        client.set_automine(True)
    except RpcError as error:
        # A devnet whose blocks consensus makes: transactions are waited for, dev methods refuse.
        if error.code != UNAVAILABLE:
            raise
    return client


@pytest.fixture(scope="session")
def accounts() -> list[Account]:
    return dev_accounts()


@pytest.fixture
def chain(cowboy: Cowboy, accounts: list[Account], request: pytest.FixtureRequest) -> Iterator[Chain]:
    chain = Chain(cowboy, accounts, base_dir=request.config.rootpath)
    try:
        snapshot: int | None = cowboy.snapshot()
    except RpcError as error:
        if error.code != UNAVAILABLE:
            raise
        snapshot = None
    try:
        yield chain
    finally:
        if snapshot is not None:
            cowboy.revert(snapshot)
