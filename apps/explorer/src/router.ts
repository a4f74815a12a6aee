// Shareable URLs: hash routes under /explorer/ (#/block/12, #/tx/0x…, #/address/0x…, #/validators, #/jobs, #/job/0x…,
// #/governance, #/proposal/3, #/params, #/param/KEY, #/storage, #/volume/0x…, #/search/…), so any page can be linked to
// and reloaded without the node knowing the app's routes.

/** Pages without an id. */
const LISTS = ["validators", "jobs", "governance", "params", "storage"] as const;
/** Pages of one thing, named by the rest of the path. */
const ITEMS = ["block", "tx", "address", "search", "job", "proposal", "param", "volume"] as const;

export type Route =
  | { readonly page: "home" }
  | { readonly page: (typeof LISTS)[number] }
  | { readonly page: (typeof ITEMS)[number]; readonly id: string }
  | { readonly page: "not-found"; readonly path: string };

/** The route of a location hash ("#/block/12"). */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, "").replace(/^\/+/, "").replace(/\/+$/, "");
  if (path === "") return { page: "home" };
  const [page, ...rest] = path.split("/");
  const id = decodeURIComponent(rest.join("/"));
  const list = LISTS.find((name) => name === page);
  if (list !== undefined && id === "") return { page: list };
  const item = ITEMS.find((name) => name === page);
  if (item !== undefined && id !== "") return { page: item, id };
  return { page: "not-found", path };
}

/** The hash link of a route. */
export function href(route: Route): string {
  switch (route.page) {
    case "home":
      return "#/";
    case "not-found":
      return `#/${route.path}`;
    default:
      return "id" in route ? `#/${route.page}/${encodeURIComponent(route.id)}` : `#/${route.page}`;
  }
}
