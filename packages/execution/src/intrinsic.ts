// Intrinsic costs are owned by @cowboy/metering (cips/execution.md "Intrinsic costs").
export { intrinsicCosts } from "@cowboy/metering";
