// The browser's stand-in for node:module (vite.config.ts): there are no native addons to require, so @cowboy/crypto's
// loaders find none and use their @noble implementations.
export function createRequire(_from: string): (id: string) => never {
  return (id: string) => {
    throw new Error(`${id}: native modules do not exist in the browser`);
  };
}
