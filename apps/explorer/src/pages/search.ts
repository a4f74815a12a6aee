// #/search/<text>: sends a height to its block, an address to its account, a hash to the transaction, block, job or
// volume it names; anything else explains what the box accepts.
import { fromHex } from "@cowboy/codec";
import { h } from "../dom.js";
import type { PageContext } from "../page.js";
import { href, type Route } from "../router.js";
import { classifyQuery } from "../search.js";

export async function searchPage(ctx: PageContext, text: string): Promise<void> {
  const query = classifyQuery(text);
  const go = (route: Route): void => window.location.replace(href(route));
  switch (query.kind) {
    case "height":
      return go({ page: "block", id: query.height.toString() });
    case "address":
      return go({ page: "address", id: query.address });
    case "hash": {
      const hash = fromHex(query.hash.slice(2));
      if ((await ctx.client.getTransactionInfo(hash)) !== null) return go({ page: "tx", id: query.hash });
      if ((await ctx.client.getFullBlock(hash)) !== null) return go({ page: "block", id: query.hash });
      // A job id or a volume's manifest root, where the node serves those methods.
      const job = await ctx.client.getJob(hash);
      if (job !== null && job !== undefined) return go({ page: "job", id: query.hash });
      const volume = await ctx.client.getVolume(hash);
      if (volume !== null && volume !== undefined) return go({ page: "volume", id: query.hash });
      ctx.root.append(h("h1", {}, "Search"), h("p", { class: "error", "data-testid": "search-result" }, `No transaction, block, job or volume has the hash ${query.hash}.`));
      return;
    }
    case "invalid":
      ctx.root.append(h("h1", {}, "Search"), h("p", { class: "error", "data-testid": "search-result" }, query.reason));
  }
}
