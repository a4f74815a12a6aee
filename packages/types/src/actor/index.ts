// The actor-facing rules every tool shares (also the subpath export `@cowboy/types/actor`, which loads no zod).
export { MAX_METHOD_NAME, PUBLIC_METHOD_NAME_PATTERN, isPublicMethodName, isAsciiIdentifier } from "./names.js";
export { ACTOR_ATTRIBUTES_TAG, ACTOR_ITEM_TAG, actorAttributesSlot, MAX_ACTOR_KEY_BYTES, MAX_STORAGE_SLOT_BYTES, actorItemSlot } from "./storage.js";
export { CBY_DECIMALS, BASE_UNITS_PER_CBY, AmountSyntaxError, parseAmount, formatCby } from "./units.js";
export { PRIORITY_TIERS, priorityTierName, type PriorityTierName, type TimerJson } from "./timers.js";
