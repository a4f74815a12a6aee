// A few lines of DOM building instead of a view library (README.md "Why no framework"): every text goes in through
// textContent, so nothing a chain holds (actor source, storage, event data) is ever parsed as HTML.

export type Child = Node | string | number | bigint | null | undefined | false;
export type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/** `h("a", { href: "#/block/1" }, "1")`: an element with attributes (on* are listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") element.addEventListener(name.slice(2).toLowerCase(), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces every child of `parent`. */
export function replace(parent: Node, ...children: Child[]): void {
  while (parent.firstChild !== null) parent.removeChild(parent.firstChild);
  append(parent, children);
}

/** A two-column table of label and value rows; rows whose value is undefined are left out. */
export function fields(rows: readonly (readonly [string, Child | undefined])[], testId?: string): HTMLTableElement {
  return h(
    "table",
    { class: "fields", "data-testid": testId },
    h("tbody", {}, ...rows.filter(([, value]) => value !== undefined).map(([label, value]) => h("tr", {}, h("th", {}, label), h("td", { "data-field": label }, value)))),
  );
}

/** A section with a heading. */
export function section(title: string, testId: string, ...children: Child[]): HTMLElement {
  return h("section", { "data-testid": testId }, h("h2", {}, title), ...children);
}

/** A table with a header row. */
export function table(headers: readonly string[], rows: readonly (readonly Child[])[], testId?: string): HTMLTableElement {
  return h(
    "table",
    { class: "list", "data-testid": testId },
    h("thead", {}, h("tr", {}, ...headers.map((name) => h("th", {}, name)))),
    h("tbody", {}, ...rows.map((cells) => h("tr", {}, ...cells.map((cell) => h("td", {}, cell))))),
  );
}
