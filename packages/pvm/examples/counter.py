from cowboy_sdk import actor


@actor
class Counter:
    def __init__(self):
        self.storage["count"] = 0

    def increment(self, by=1):
        if by <= 0:
            raise ValueError("amount must be positive")
        self.storage["count"] += by
        return self.storage["count"]

    def get_count(self):
        return self.storage["count"]
