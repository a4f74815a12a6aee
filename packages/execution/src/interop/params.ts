// The chain's interop parameters (cips/interop.md "Event subscriptions"). No import of this package, so types.ts may
// name the type without closing an import cycle.
import { DEFAULT_INTEROP_CONFIG, type InteropConfig } from "@cowboy/interop";

/** The chain's interop parameters: the listener's configuration and the interim entitlement rule. */
export interface InteropParams extends InteropConfig {
  /**
   * Until the Entitlement Registry (0x07) lands with the runner market, `hasEntitlement` grants
   * `bridge.subscribe_event` to every actor when this is true (the default chain), and otherwise only to actors with a
   * grant record `systemKey("entitlements", actor ‖ utf8(name))` written at genesis.
   */
  readonly grantAllEntitlements: boolean;
  /**
   * Spec §16.4: an actor subscribes only to contracts, and burns only wrapped assets, its deployment manifest names
   * (declared by its constructor with 0x14 `declare_manifest`). True on the default chain.
   */
  readonly requireManifest: boolean;
}

export const DEFAULT_INTEROP_PARAMS: InteropParams = Object.freeze({ ...DEFAULT_INTEROP_CONFIG, grantAllEntitlements: true, requireManifest: true });
