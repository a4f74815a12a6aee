export { RegexBudgetExceeded, RegexError, type RegexErrorCode } from "./errors.js";
export { isUniDigit, isUniSpace, isUniWord, uniLower, uniUpper } from "./unicode.js";
