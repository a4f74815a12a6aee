export type {
  BlockReason,
  Channel,
  Clock,
  Context,
  Journal,
  JournalRecord,
  MessageHandler,
  Network,
  PeerId,
  Recipients,
  Rng,
  Storage,
  Timer,
} from "./capabilities.js";
export { RuntimeError, type RuntimeErrorCode } from "./errors.js";
export { seededRng, cryptoRng, seedBytes } from "./rng.js";
export { realClock, type RealClockOptions } from "./clock.js";
export { MAX_JOURNAL_RECORD_BYTES } from "./journal-name.js";
export { MemoryStorage } from "./memory-storage.js";
export {
  Simulation,
  simulatedPeerId,
  MAX_CHANNEL,
  type SimulationOptions,
  type SimulationStats,
  type ChannelStats,
  type DropCause,
  type ParticipantInfo,
  type AddOptions,
} from "./sim/simulation.js";
export { DEFAULT_LINK, type LinkConfig } from "./sim/links.js";
export { FileStorage, type FileStorageOptions, type JournalRecovery } from "./file-storage.js";
