"""cowboy_sdk.collections: the spec's ordered sets. The PVM's set and frozenset already iterate in
insertion order, so ordered_set is the builtin set itself (transparent to user code)."""

ordered_set = set
ordered_frozenset = frozenset
