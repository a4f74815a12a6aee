"""cowboy_sdk.collections: the spec's ordered sets (the PVM's set and frozenset keep insertion order)."""

ordered_set = set
ordered_frozenset = frozenset
