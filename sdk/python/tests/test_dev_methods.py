"""The devnet's dev methods from pytest: impersonation, balances, timestamps, automine off/on."""

import time

import pytest

from cowboy_py import BASE_UNITS_PER_CBY, RpcError

RECORDER = "tests/actors/recorder.py"


def test_an_impersonated_account_sends_without_its_key(chain, accounts):
    recorder = chain.deploy(RECORDER)
    whale = chain.impersonate("0x" + "77" * 20)
    chain.set_balance(whale, 10 * BASE_UNITS_PER_CBY)
    assert chain.balance(whale) == 10 * BASE_UNITS_PER_CBY
    last = recorder.record("hi", sender=whale, value=123)
    assert last["sender"] == whale and last["value"] == 123 and last["note"] == "hi"
    assert recorder.balance == 123
    # Without impersonation the node refuses the unsigned transaction.
    chain.client.stop_impersonating(whale)
    with pytest.raises(RpcError, match="is not impersonated"):
        recorder.record(sender=whale)


def test_the_next_block_timestamp(chain):
    recorder = chain.deploy(RECORDER)
    future = int(time.time()) + 86_400
    chain.set_next_block_timestamp(future)
    assert recorder.record()["timestamp"] == future * 1000
    assert recorder.record()["timestamp"] > future * 1000
    with pytest.raises(RpcError, match="is not after the head"):
        chain.set_next_block_timestamp(1)


def test_automine_off_leaves_transactions_pending_until_mined(chain, cowboy, accounts):
    recorder = chain.deploy(RECORDER)
    cowboy.set_automine(False)
    try:
        height = chain.height
        tx_hash = cowboy.call_actor(accounts[1], recorder.address, "record", ("queued",))
        assert cowboy.get_receipt(tx_hash) is None
        assert chain.height == height
        chain.mine()
        assert cowboy.get_receipt(tx_hash)["status"] == "success"
        assert recorder.call.last()["height"] == height + 1
        assert [e.value for e in chain.events(recorder, topic="recorded")] == ["queued"]
    finally:
        cowboy.set_automine(True)
