// The byte layout of an actor's storage slots (cips/actors.md "Storage"). Slots are the keys an
// actor's host writes under `actorStorageKey(address, slot)` of @cowboy/state.
//
//   0x00                      the instance's persisted attributes (one canonical dict)
//   0x01 ‖ canonical(key)     cowboy_sdk's `storage[key]`

/** The one byte of the slot holding the instance's persisted attributes. */
export const ACTOR_ATTRIBUTES_TAG = 0x00;

/** First byte of every `storage[key]` slot. */
export const ACTOR_ITEM_TAG = 0x01;

/** Longest storage key an actor may use: the slot bytes it hands its host (cips/actors.md). */
export const MAX_ACTOR_KEY_BYTES = 1000;

/**
 * Longest slot of any actor storage key or system registry item in the state key schema. It
 * leaves room above MAX_ACTOR_KEY_BYTES (a host key) for the tag byte and future layouts.
 */
export const MAX_STORAGE_SLOT_BYTES = 1024;

/** `0x00`: the slot of the instance's persisted attributes (a fresh array each call). */
export function actorAttributesSlot(): Uint8Array {
  return Uint8Array.of(ACTOR_ATTRIBUTES_TAG);
}

/** `0x01 ‖ canonicalKey`: the slot of `storage[key]`, given the key's canonical CBOR bytes. */
export function actorItemSlot(canonicalKey: Uint8Array): Uint8Array {
  const slot = new Uint8Array(1 + canonicalKey.length);
  slot[0] = ACTOR_ITEM_TAG;
  slot.set(canonicalKey, 1);
  return slot;
}
