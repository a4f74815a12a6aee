"""Platform fungible tokens at the Token Registry 0x06 (spec 17.3, cips/tokens.md). This actor is the caller:
it creates, holds, approves and moves tokens in its own name. Refusals raise ValueError ("CODE: why")."""
import pvm_host as _h


def _address(a):
    if isinstance(a, str):
        a = bytes.fromhex(a[2:] if a.startswith("0x") else a)
    if not isinstance(a, bytes) or len(a) != 20:
        raise ValueError("an address is 20 bytes or a 0x-prefixed hex string of 40 digits")
    return a


def create(name, symbol, decimals=0, initial_supply=0, max_supply=None, hook=None):
    """Create a token (10,000 Cycles, 256 Cells + name and symbol bytes); this actor holds the initial supply and
    is its mint authority. `hook`: an actor whose validate_transfer(token, sender, to, amount) must return True
    for every transfer (it may use up to 50,000 Cycles, charged to the caller). Returns the token id."""
    return _h.token_create(name, symbol, decimals, initial_supply, max_supply, None if hook is None else _address(hook))


def transfer(token, to, amount):
    """Move `amount` of this actor's tokens to `to` (1,000 Cycles, 64 Cells)."""
    _h.token_transfer(token, _address(to), amount)


def transfer_from(token, owner, to, amount):
    """Move `owner`'s tokens within the allowance it gave this actor (1,500 Cycles, 96 Cells)."""
    _h.token_transfer_from(token, _address(owner), _address(to), amount)


def approve(token, spender, amount):
    """Let `spender` move up to `amount` of this actor's tokens (replaces the allowance; 500 Cycles, 32 Cells)."""
    _h.token_approve(token, _address(spender), amount)


def balance_of(token, holder):
    """The token balance of `holder` (100 Cycles)."""
    return _h.token_balance_of(token, _address(holder))


def mint(token, to, amount):
    """Mint new tokens to `to`: only the token's creator (1,000 Cycles, 64 Cells)."""
    _h.token_mint(token, _address(to), amount)


def burn(token, amount):
    """Destroy `amount` of this actor's tokens (500 Cycles, 64 Cells)."""
    _h.token_burn(token, amount)
