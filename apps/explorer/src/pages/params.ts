// The parameter registry (issue 26; cips/governance.md "Registry"): every group with its tier, what it governs and its
// value at the head (cowboy_listParams), and one group's value with its amendment history (cowboy_getParam).
import { fields, h, section, table } from "../dom.js";
import { blockLink, mono } from "../format.js";
import { errorBox, type PageContext } from "../page.js";
import { href } from "../router.js";
import { proposalLink } from "./governance.js";

const valueText = (value: unknown): string => (value === null ? "(base parameters)" : JSON.stringify(value));

function paramLink(key: string): HTMLAnchorElement {
  return h("a", { href: href({ page: "param", id: key }), class: "mono", "data-link": "param" }, key.replace(/^system:gov:param:/, ""));
}

export async function paramsPage(ctx: PageContext): Promise<void> {
  const { client, root } = ctx;
  const groups = await client.listParams();
  root.append(h("h1", {}, "Parameters"));
  if (groups === undefined) {
    root.append(h("p", { class: "muted", "data-testid": "no-governance" }, "This chain runs without governance."));
    return;
  }
  root.append(
    h("p", { class: "muted" }, "Each group changes only by a proposal of its tier (or above); open one for its history."),
    table(
      ["Group", "Tier", "Governs", "Value at the head"],
      groups.map((g) => [paramLink(g.key), String(g.tier), g.summary, h("code", { class: "wrap small" }, valueText(g.value))]),
      "params-table",
    ),
  );
}

export async function paramPage(ctx: PageContext, key: string): Promise<void> {
  const { client, root } = ctx;
  root.append(h("h1", {}, "Parameter ", h("span", { class: "mono small", "data-testid": "param-key" }, key)));
  let group: Awaited<ReturnType<typeof client.getParam>>;
  try {
    group = await client.getParam(key);
  } catch (error) {
    root.append(errorBox(error));
    return;
  }
  if (group === undefined) {
    root.append(h("p", { class: "muted", "data-testid": "no-governance" }, "This chain runs without governance."));
    return;
  }
  root.append(
    fields(
      [
        ["Key", mono(group.key)],
        ["Tier", h("span", { "data-testid": "param-tier" }, String(group.tier))],
        ["Governs", group.summary],
        ["Value", h("pre", { class: "output", "data-testid": "param-value" }, group.value === null ? valueText(null) : JSON.stringify(group.value, null, 2))],
      ],
      "param-fields",
    ),
    section(
      "History",
      "param-history",
      (group.history ?? []).length === 0
        ? h("p", { class: "muted", "data-testid": "no-history" }, "Never amended since genesis.")
        : table(
            ["At block", "By", "Value"],
            (group.history ?? []).map((a) => [
              blockLink(a.height),
              a.proposal === null ? "council / genesis" : proposalLink(a.proposal),
              h("code", { class: "wrap small" }, valueText(a.value)),
            ]),
            "param-history-table",
          ),
    ),
    h("p", {}, h("a", { href: href({ page: "params" }) }, "All parameters")),
  );
}
