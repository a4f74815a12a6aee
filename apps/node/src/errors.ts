import { CowboyError } from "@cowboy/codec";

/** A wrong command line or configuration for cowboyd; the message says which option and why. */
export class NodeUsageError extends CowboyError<"NODE_USAGE"> {
  override readonly name = "NodeUsageError";
  constructor(message: string) {
    super("NODE_USAGE", message);
  }
}
