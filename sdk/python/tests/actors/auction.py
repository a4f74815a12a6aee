from cowboy_sdk import actor, block, emit, msg, payable, set_timer, transfer


@actor
class Auction:
    """An English auction: the highest bid when block `end` closes wins; outbid bidders withdraw.

    A native timer closes it at the end of block `end` and pays the seller. The timer's fire is
    pre-charged from this actor's own balance, so fund it (send value) before `open()`.
    """

    def __init__(self, duration):
        self.storage["seller"] = msg.sender
        self.storage["end"] = block.height + duration
        self.storage["highest"] = 0
        self.storage["leader"] = None
        self.storage["closed"] = False

    def open(self):
        if msg.sender != self.storage["seller"]:
            raise PermissionError("only the seller opens the auction")
        self.storage["timer"] = set_timer(self.storage["end"], self.close, cycles=200_000, cells=5_000)
        emit("opened", {"end": self.storage["end"]})
        return self.storage["end"]

    @payable
    def bid(self):
        if self.storage["closed"] or block.height >= self.storage["end"]:
            raise ValueError("the auction is over")
        if msg.value <= self.storage["highest"]:
            raise ValueError(f"bid too low: the highest is {self.storage['highest']}")
        previous = self.storage["leader"]
        if previous is not None:
            key = ("refund", previous)
            self.storage[key] = self.storage.get(key, 0) + self.storage["highest"]
        self.storage["leader"] = msg.sender
        self.storage["highest"] = msg.value
        emit("bid", {"bidder": msg.sender, "amount": msg.value})
        return msg.value

    def close(self):
        self.storage["closed"] = True
        winner = self.storage["leader"]
        if winner is not None:
            transfer(self.storage["seller"], self.storage["highest"])
        emit("closed", {"winner": winner, "amount": self.storage["highest"]})

    def withdraw(self):
        key = ("refund", msg.sender)
        amount = self.storage.get(key, 0)
        if amount == 0:
            raise ValueError("nothing to withdraw")
        del self.storage[key]
        transfer(msg.sender, amount)
        emit("refund", {"to": msg.sender, "amount": amount})
        return amount

    def end(self):
        return self.storage["end"]

    def highest(self):
        return self.storage["highest"]

    def leader(self):
        return self.storage["leader"]

    def is_closed(self):
        return self.storage["closed"]

    def refund_of(self, who):
        return self.storage.get(("refund", who), 0)
