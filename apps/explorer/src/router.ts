// Shareable URLs: hash routes under /explorer/ (#/block/12, #/tx/0x…, #/address/0x…, #/validators, #/search/…), so any
// page can be linked to and reloaded without the node knowing the app's routes.

export type Route =
  | { readonly page: "home" }
  | { readonly page: "validators" }
  | { readonly page: "block"; readonly id: string }
  | { readonly page: "tx"; readonly id: string }
  | { readonly page: "address"; readonly id: string }
  | { readonly page: "search"; readonly id: string }
  | { readonly page: "not-found"; readonly path: string };

/** The route of a location hash ("#/block/12"). */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, "").replace(/^\/+/, "").replace(/\/+$/, "");
  if (path === "") return { page: "home" };
  const [page, ...rest] = path.split("/");
  const id = decodeURIComponent(rest.join("/"));
  if (page === "validators" && id === "") return { page: "validators" };
  if ((page === "block" || page === "tx" || page === "address" || page === "search") && id !== "") return { page, id };
  return { page: "not-found", path };
}

/** The hash link of a route. */
export function href(route: Route): string {
  switch (route.page) {
    case "home":
      return "#/";
    case "validators":
      return "#/validators";
    case "not-found":
      return `#/${route.path}`;
    default:
      return `#/${route.page}/${encodeURIComponent(route.id)}`;
  }
}
