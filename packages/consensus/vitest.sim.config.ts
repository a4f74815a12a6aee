import { cowboyVitestConfig } from "../../config/vitest.shared.js";

// Deterministic-simulator scenarios (test/sim): whole networks of engines in virtual time.
export default cowboyVitestConfig({ include: ["test/sim/**/*.test.ts"], testTimeout: 180_000 });
