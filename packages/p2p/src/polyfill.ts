// Node 20 lacks `Promise.withResolvers` (ES2024), which libp2p 3 calls; DEPENDENCIES.md ("Networking on
// Node 20") records this fix. index.ts imports this module before anything that imports libp2p. It only
// adds the method where it is missing, with the standard's semantics.
interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}

const promiseCtor = Promise as unknown as { withResolvers?: <T>() => Resolvers<T> };
if (typeof promiseCtor.withResolvers !== "function") {
  promiseCtor.withResolvers = <T>(): Resolvers<T> => {
    let resolve!: Resolvers<T>["resolve"];
    let reject!: Resolvers<T>["reject"];
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
