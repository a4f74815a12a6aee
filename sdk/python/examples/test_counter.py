"""The README's "test your actor with pytest" step: the tutorial's Counter
(packages/pvm/examples/counter.py), tested on a devnet the cowboy plugin starts for the run.
Run from the repository root: `python -m pytest sdk/python/examples`."""

import pytest

from cowboy_py import TransactionFailed

COUNTER = "packages/pvm/examples/counter.py"


def test_increment_and_read_back(chain, accounts):
    counter = chain.deploy(COUNTER, sender=accounts[0])
    assert counter.increment(sender=accounts[1]) == 1      # a transaction: the handler's result
    assert counter.increment(5) == 6                        # from accounts[0], the default sender
    assert counter.call.get_count() == 6                    # a read-only query


def test_a_raising_handler_fails_the_transaction(chain, accounts):
    counter = chain.deploy(COUNTER, sender=accounts[0])
    with pytest.raises(TransactionFailed, match="ValueError: amount must be positive"):
        counter.increment(by=0)
    assert counter.call.get_count() == 0


def test_snapshot_and_revert(chain, accounts):
    counter = chain.deploy(COUNTER, sender=accounts[0])
    snap = chain.snapshot()
    counter.increment(10)
    chain.mine(30)
    chain.revert(snap)
    assert counter.call.get_count() == 0
