from cowboy_sdk import actor, block, emit, msg, payable


@actor
class Recorder:
    """Remembers who called `record`, with what value, in which block and at what time."""

    def __init__(self):
        self.storage["last"] = None

    @payable
    def record(self, note=""):
        self.storage["last"] = {"sender": msg.sender, "value": msg.value, "height": block.height, "timestamp": block.timestamp, "note": note}
        emit("recorded", note)
        return self.storage["last"]

    def last(self):
        return self.storage["last"]
