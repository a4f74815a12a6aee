// The browser's stand-in for node:crypto (vite.config.ts): only @cowboy/crypto's optional fast hashes use it, and the
// explorer never loads them.
export function createHash(algorithm: string): never {
  throw new Error(`node:crypto createHash(${algorithm}) is not available in the browser`);
}
