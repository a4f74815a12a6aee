// @cowboy/p2p/hyperswarm: the optional development overlay over hyperswarm (cips/consensus.md, "Network" →
// "Hyperswarm overlay"). A separate entry point so the QUIC network never loads hyperswarm.
export { createHyperswarmNetwork, type HyperswarmNetwork, type HyperswarmNetworkOptions } from "./overlay.js";
