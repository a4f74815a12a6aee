// The explorer's entry: one CowboyClient on the origin that served the page (the node itself), the header with the
// search box, and the hash router that draws one page at a time (issue 26; README.md).
import "./no-eval.js";
import { createClient } from "@cowboy/client";
import { h, replace } from "./dom.js";
import { errorBox, type PageContext } from "./page.js";
import { accountPage } from "./pages/account.js";
import { blockPage } from "./pages/block.js";
import { governancePage } from "./pages/governance.js";
import { homePage } from "./pages/home.js";
import { jobPage } from "./pages/job.js";
import { jobsPage } from "./pages/jobs.js";
import { paramPage, paramsPage } from "./pages/params.js";
import { proposalPage } from "./pages/proposal.js";
import { storagePage } from "./pages/storage.js";
import { volumePage } from "./pages/volume.js";
import { searchPage } from "./pages/search.js";
import { txPage } from "./pages/tx.js";
import { validatorsPage } from "./pages/validators.js";
import { href, parseRoute, type Route } from "./router.js";
import "./style.css";

const client = createClient({ url: window.location.origin });
const main = h("main", { id: "page" });
const input = h("input", {
  type: "search",
  name: "q",
  placeholder: "Height, address, or a transaction, block, job or volume hash",
  "aria-label": "search",
  "data-testid": "search-input",
  autocomplete: "off",
});
const form = h(
  "form",
  {
    class: "search",
    role: "search",
    "data-testid": "search-form",
    onsubmit: (event: Event) => {
      event.preventDefault();
      if (input.value.trim() !== "") window.location.hash = href({ page: "search", id: input.value.trim() });
    },
  },
  input,
  h("button", { type: "submit" }, "Search"),
);
const header = h(
  "header",
  {},
  h("a", { href: href({ page: "home" }), class: "brand" }, "Cowboy explorer"),
  h(
    "nav",
    {},
    h("a", { href: href({ page: "home" }), "data-testid": "nav-home" }, "Home"),
    h("a", { href: href({ page: "validators" }), "data-testid": "nav-validators" }, "Validators"),
    h("a", { href: href({ page: "jobs" }), "data-testid": "nav-jobs" }, "Jobs"),
    h("a", { href: href({ page: "governance" }), "data-testid": "nav-governance" }, "Governance"),
    h("a", { href: href({ page: "params" }), "data-testid": "nav-params" }, "Parameters"),
    h("a", { href: href({ page: "storage" }), "data-testid": "nav-storage" }, "Storage"),
  ),
  form,
);
document.body.append(header, main);

let leave: (() => void)[] = [];

async function show(route: Route): Promise<void> {
  for (const stop of leave) stop();
  leave = [];
  const root = h("div", { class: "page", "data-page": route.page });
  replace(main, root);
  const stops = leave;
  const ctx: PageContext = { client, root, onLeave: (stop) => stops.push(stop), active: () => root.isConnected };
  try {
    switch (route.page) {
      case "home":
        return await homePage(ctx);
      case "validators":
        return await validatorsPage(ctx);
      case "block":
        return await blockPage(ctx, route.id);
      case "tx":
        return await txPage(ctx, route.id);
      case "address":
        return await accountPage(ctx, route.id);
      case "search":
        return await searchPage(ctx, route.id);
      case "jobs":
        return await jobsPage(ctx);
      case "job":
        return await jobPage(ctx, route.id);
      case "governance":
        return await governancePage(ctx);
      case "proposal":
        return await proposalPage(ctx, route.id);
      case "params":
        return await paramsPage(ctx);
      case "param":
        return await paramPage(ctx, route.id);
      case "storage":
        return await storagePage(ctx);
      case "volume":
        return await volumePage(ctx, route.id);
      case "not-found":
        root.append(h("h1", {}, "Not found"), h("p", {}, `No page #/${route.path}.`));
    }
  } catch (error) {
    if (ctx.active()) root.append(errorBox(error));
  } finally {
    root.setAttribute("data-ready", "true");
  }
}

window.addEventListener("hashchange", () => void show(parseRoute(window.location.hash)));
void show(parseRoute(window.location.hash));
