# Receives an Ethereum contract's logs through the EventListener (0x14; spec 16.3, cips/interop.md): subscribe()
# pays a CBY deposit to 0x14 and names on_eth_event as the handler; 0x14 calls it once per log, in order, after a
# quorum of oracles saw the log `confirmations` blocks deep. Its constructor declares the contracts it may watch.
from cowboy_sdk import actor, call, msg, payable

EVENT_LISTENER = b"\x00" * 19 + b"\x14"


@actor
class EthEvents:
    def __init__(self, contracts):
        # The deployment manifest (spec 16.4): the Ethereum contracts this actor may subscribe to, declared once.
        call(EVENT_LISTENER, "declare_manifest", contracts=contracts, assets=[])
        self.storage["events"] = []

    @payable
    def subscribe(self, contract, topics, confirmations, deposit, fee_per_event):
        sid = call(EVENT_LISTENER, "subscribe", value=deposit, contract=contract, topics=topics, from_block=0,
                   confirmations=confirmations, handler="on_eth_event", fee_per_event=fee_per_event)
        self.storage["subscription"] = sid
        return sid

    def cancel(self):
        return call(EVENT_LISTENER, "cancel", subscription_id=self.storage["subscription"])

    def on_eth_event(self, event):
        if msg.sender != EVENT_LISTENER:
            raise PermissionError("only the EventListener delivers Ethereum events")
        events = self.storage["events"]
        events.append([event["block_number"], event["log_index"], event["data"]])
        self.storage["events"] = events

    def events(self):
        return self.storage["events"]
