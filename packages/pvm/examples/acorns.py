# A platform token held by an actor (cips/tokens.md) and the actor's storage quota (cips/rent.md).
from cowboy_sdk import actor, token, rent


@actor
class Acorns:
    def __init__(self):
        # This actor creates the token, holds its 1,000 units and is its mint authority.
        self.storage["token"] = token.create("Acorn", "ACN", 0, 1000)

    def give(self, to, amount):
        token.transfer(self.storage["token"], to, amount)
        return token.balance_of(self.storage["token"], to)

    def standing(self):
        return rent.quota()
