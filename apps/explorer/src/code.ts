// Python source with highlighting (highlight.ts) and line numbers; each token is a text node in a span.
import { h } from "./dom.js";
import { tokenizePython } from "./highlight.js";

export function codeBlock(source: string): HTMLElement {
  const code = h("code", { class: "python" });
  for (const token of tokenizePython(source)) code.append(token.kind === "text" ? document.createTextNode(token.text) : h("span", { class: `tok-${token.kind}` }, token.text));
  const lines = source.split("\n").length;
  const gutter = h("pre", { class: "gutter", "aria-hidden": "true" }, Array.from({ length: lines }, (_, i) => i + 1).join("\n"));
  return h("div", { class: "code", "data-testid": "code" }, gutter, h("pre", {}, code));
}
