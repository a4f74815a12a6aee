// Separate copies of the interpreter in one process.
//
// V8 keeps type feedback per function literal, shared by every closure made from it. The PVM
// compiles Python into closures, so in a process that has run many different programs the
// operator and statement closures have seen every kind of child, their calls are megamorphic and
// nothing inlines: the same program runs up to ~2x slower than in a process that ran only it
// (`pnpm bench`, "shared" against "fresh"). A second copy of the bundle has its own literals and so
// its own feedback: giving a hot actor (or a group of actors) its own copy brings back the speed
// of a fresh process, for ~4-5 MB of heap per copy.
//
// A copy is a second evaluation of the built bundle (dist/index.js is one file with everything but
// @cowboy/metering and @cowboy/crypto, which stay shared). Values of one copy (classes, objects,
// parse caches, module registries) must not be handed to another; what crosses between them is
// bytes, plain data, HostError and PvmError (both branded, so `instanceof` holds across copies) and
// @cowboy/metering's OutOfCycles/OutOfCells (one module).

/**
 * A new copy of the interpreter, one per distinct `tag` (the same tag returns the same copy), typed
 * by the caller as `typeof import("@cowboy/pvm")`. Null when this package runs from its TypeScript
 * sources (tests, `tsx` development): there each file is its own module and only a bundle can be
 * copied whole; callers then use the package itself.
 */
export async function loadIsolatedPvm<M>(tag: string): Promise<M | null> {
  const here = import.meta.url;
  if (!/\/dist\/index\.js$/.test(here)) return null;
  return (await import(`${here}?pvm-copy=${encodeURIComponent(tag)}`)) as M;
}
