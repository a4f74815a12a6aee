export { MeteringError, OutOfCells, OutOfCycles, type MeteringErrorCode } from "./errors.js";
export { Meter, type MeterOptions } from "./meter.js";
export {
  COST_TABLE_V1,
  HOST_OPS_V1,
  INTRINSIC_V1,
  PVM_OPS_V1,
  costTableToJson,
  intrinsicCost,
  linearCost,
  type CostTable,
  type HostOp,
  type IntrinsicCost,
  type IntrinsicKind,
  type LinearCost,
  type PvmOp,
} from "./costTable.js";
export { intrinsicCosts, instructionIntrinsicCosts } from "./intrinsic.js";
export { TOKEN_OPS_V1, TOKEN_HOOK_CYCLE_CAP, tokenOpCost, type TokenOp, type TokenOpCost } from "./tokenCosts.js";
