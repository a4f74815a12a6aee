// @cowboy/scheduler: native timers (spec §5.1a, §5.1b; CIP-1). See README.md.
export const SCHEDULER_VERSION = 1;
