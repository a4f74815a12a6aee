import { cowboyVitestConfig } from "../../config/vitest.shared.js";

export default cowboyVitestConfig({ kind: "e2e" });
