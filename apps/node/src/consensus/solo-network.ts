// The network of a chain with one validator (the devnet): nobody to talk to. Consensus delivers its
// own votes to itself, so a single validator notarizes and finalizes alone; every send reaches no one.
import type { BlockReason, Channel, MessageHandler, Network, PeerId, Recipients } from "@cowboy/runtime";

export class SoloNetwork implements Network {
  constructor(readonly self: PeerId) {}

  send(_recipients: Recipients, _channel: Channel, _message: Uint8Array): PeerId[] {
    return [];
  }

  handle(_channel: Channel, _handler: MessageHandler): void {}

  peers(): readonly PeerId[] {
    return [];
  }

  block(_peer: PeerId, _reason: BlockReason): void {}
}
