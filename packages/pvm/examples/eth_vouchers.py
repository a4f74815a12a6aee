# Vouchers signed by an Ethereum wallet (spec 16.1, cips/interop.md): the owner signs EIP-712 "Voucher" data with
# MetaMask, viem or ethers; anyone may redeem a voucher here once. The domain binds the signature to this chain
# and this actor, so a voucher signed for another chain or contract is refused.
from cowboy_sdk import actor, block, emit, eth, this

TYPES = {
    "Voucher": [
        {"name": "recipient", "type": "address"},
        {"name": "amount", "type": "uint256"},
        {"name": "nonce", "type": "uint64"},
    ]
}


@actor
class VoucherBook:
    def __init__(self, signer):
        self.storage["signer"] = signer

    def domain(self):
        return {"name": "VoucherBook", "version": "1", "chainId": block.chain_id, "verifyingContract": this.address}

    def redeem(self, recipient, amount, nonce, signature):
        if ("used", nonce) in self.storage:
            raise ValueError("voucher " + str(nonce) + " was already redeemed")
        voucher = {"recipient": recipient, "amount": amount, "nonce": nonce}
        if not eth.verify_typed_data(self.domain(), TYPES, "Voucher", voucher, signature, self.storage["signer"]):
            raise PermissionError("the voucher is not signed by " + self.storage["signer"])
        self.storage[("used", nonce)] = True
        self.storage["total"] = self.storage.get("total", 0) + amount
        emit("Redeemed", {"recipient": recipient, "amount": amount, "nonce": nonce})
        return self.storage["total"]

    def total(self):
        return self.storage.get("total", 0)
