from cowboy_sdk import actor, payable, set_interval, cancel_timer, emit, msg


@actor
class Heartbeat:
    """Counts blocks on its own: a native timer calls beat() every block until stopped."""

    def __init__(self):
        self.storage["beats"] = 0

    @payable
    def start(self, every=1):
        """Beats every `every` blocks. The actor pays for its own fires: send it some CBY with this call (--value)."""
        self.storage["timer"] = set_interval(every, self.beat, {"from": msg.sender}, cycles=150_000, cells=2_000)
        return self.storage["timer"]

    def beat(self, data):
        self.storage["beats"] += 1
        emit("beat", self.storage["beats"].to_bytes(8, "big"))

    def count(self):
        return self.storage["beats"]

    def stop(self):
        return cancel_timer(self.storage["timer"])
