"""An auction actor tested entirely from pytest through the cowboy plugin (issue 20): bids from three
accounts, mining past the end, the timer closing it, the events, a refund, snapshot/revert."""

import pytest

from cowboy_py import BASE_UNITS_PER_CBY, TransactionFailed

CBY = BASE_UNITS_PER_CBY
AUCTION = "tests/actors/auction.py"


@pytest.fixture
def auction(chain, accounts):
    handle = chain.deploy(AUCTION, sender=accounts[0], args=[10], value=5 * CBY)
    handle.open(sender=accounts[0])
    return handle


def test_bids_timer_close_events_and_refund(chain, accounts, auction):
    seller, alice, bob, carol = accounts[0], accounts[1], accounts[2], accounts[3]
    assert auction.bid(sender=alice, value=1_000) == 1_000
    assert auction.bid(sender=bob, value=2_000) == 2_000
    with pytest.raises(TransactionFailed, match="bid too low: the highest is 2000"):
        auction.bid(sender=carol, value=1_500)
    auction.bid(sender=carol, value=3_000)
    assert auction.call.leader() == carol.address
    assert auction.call.highest() == 3_000
    assert auction.call.refund_of(alice.address) == 1_000
    assert auction.call.refund_of(bob.address) == 2_000
    assert auction.call.is_closed() is False

    # Mining past the end fires the timer, which closes the auction and pays the seller.
    seller_before = chain.balance(seller.address)
    end = auction.call.end()
    chain.mine_to(end + 1)
    assert auction.call.is_closed() is True
    assert chain.balance(seller.address) == seller_before + 3_000
    with pytest.raises(TransactionFailed, match="the auction is over"):
        auction.bid(sender=alice, value=10_000)

    # A refund: Alice gets exactly her bid back, less the fee of her withdraw transaction.
    alice_before = chain.balance(alice.address)
    assert auction.withdraw(sender=alice) == 1_000
    fee = int(chain.last_receipt["fee_paid"])
    assert chain.balance(alice.address) == alice_before + 1_000 - fee
    assert auction.call.refund_of(alice.address) == 0
    with pytest.raises(TransactionFailed, match="nothing to withdraw"):
        auction.withdraw(sender=alice)

    events = chain.events(auction)
    topics = [e.topic for e in events]
    assert topics[:4] == ["opened", "bid", "bid", "bid"]
    assert [e.value["amount"] for e in events if e.topic == "bid"] == [1_000, 2_000, 3_000]
    assert events[1].value["bidder"] == alice.address
    assert topics[-1] == "refund"
    if chain.supports_logs:
        # The timer's fire emits "closed": visible through cowboy_getLogs.
        assert topics == ["opened", "bid", "bid", "bid", "closed", "refund"]
        closed = events[4]
        assert closed.value == {"winner": carol.address.bytes, "amount": 3_000}
        assert closed.tx_hash is None and closed.timer_id is not None


def test_only_the_seller_opens(chain, accounts):
    handle = chain.deploy(AUCTION, sender=accounts[0], args=[5], value=5 * CBY)
    with pytest.raises(TransactionFailed, match="PermissionError: only the seller opens the auction"):
        handle.open(sender=accounts[1])


def test_snapshot_and_revert(chain, accounts, auction):
    auction.bid(sender=accounts[1], value=500)
    height = chain.height
    snap = chain.snapshot()
    auction.bid(sender=accounts[2], value=900)
    chain.mine(30)
    assert auction.call.is_closed() is True
    assert chain.height >= height + 31
    assert chain.revert(snap) is True
    assert chain.height == height
    assert auction.call.leader() == accounts[1].address
    assert auction.call.highest() == 500
    assert auction.call.is_closed() is False
    assert [e.topic for e in chain.events(auction)] == ["opened", "bid"]
    # The chain goes on from the snapshot: the auction still takes bids.
    auction.bid(sender=accounts[2], value=700)
    assert auction.call.highest() == 700


def test_tests_are_isolated(chain, accounts):
    # Each test runs in a snapshot reverted afterwards: the dev accounts start every test with
    # nothing spent on earlier tests' auctions (the balance the genesis gave them).
    assert chain.balance(accounts[3].address) == 1_000_000 * CBY
