// Actor method names (cips/actors.md "Methods"; cips/transactions.md for the wire bound).
//
// Two bounds, one owner. The wire format accepts any UTF-8 name of 1 to MAX_METHOD_LENGTH (128)
// bytes, so a transaction naming a method no actor could have still decodes, is included and
// reverts (its fees are charged). The actor rule is stricter: a public method is an ASCII
// identifier that starts with a letter, at most MAX_METHOD_NAME (64) characters; names starting
// with `_` are private and cannot be called from outside.

/** Longest public method name, in characters (ASCII, so also bytes). */
export const MAX_METHOD_NAME = 64;

/** The public-method rule as a regular-expression source, for schema libraries (zod, JSON Schema). */
export const PUBLIC_METHOD_NAME_PATTERN = `^[A-Za-z][A-Za-z0-9_]{0,${MAX_METHOD_NAME - 1}}$`;

const PUBLIC_METHOD_NAME = new RegExp(PUBLIC_METHOD_NAME_PATTERN);

/** Whether `name` may be called from outside the actor (a transaction, a message, a query). */
export function isPublicMethodName(name: unknown): name is string {
  return typeof name === "string" && PUBLIC_METHOD_NAME.test(name);
}

/** A Python identifier in ASCII (timer handlers and module names may start with `_`). */
export function isAsciiIdentifier(name: unknown): name is string {
  return typeof name === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
}
