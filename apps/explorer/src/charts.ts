// The home page's small charts as inline SVG, drawn from the last blocks' headers: basefee lines (Cycles, Cells) and
// lane usage per block as stacked bars (system / timer / runner / user), each bar a link to its block.
import { href } from "./router.js";

const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

export interface Series {
  readonly name: string;
  readonly className: string;
  readonly values: readonly bigint[];
}

const WIDTH = 600;
const HEIGHT = 140;
const PAD = 6;

/** Line chart of several series over the same blocks, each scaled to its own range (the legend gives the last value). */
export function lineChart(series: readonly Series[], testId: string): SVGSVGElement {
  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "chart", role: "img", "data-testid": testId });
  for (const s of series) {
    if (s.values.length === 0) continue;
    let min = s.values[0]!;
    let max = min;
    for (const v of s.values) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const span = max === min ? 1 : Number(max - min);
    const step = s.values.length > 1 ? (WIDTH - 2 * PAD) / (s.values.length - 1) : 0;
    const points = s.values.map((v, i) => {
      const y = max === min ? HEIGHT / 2 : HEIGHT - PAD - (Number(v - min) / span) * (HEIGHT - 2 * PAD);
      return `${(PAD + i * step).toFixed(1)},${y.toFixed(1)}`;
    });
    chart.append(svg("polyline", { points: points.join(" "), class: s.className, fill: "none" }, svg("title", {}, `${s.name}: ${min}–${max}`)));
  }
  return chart;
}

export interface LaneBlock {
  readonly height: bigint;
  readonly lanes: { readonly system: bigint; readonly timer: bigint; readonly runner: bigint; readonly user: bigint };
}

export const LANES = ["system", "timer", "runner", "user"] as const;

/** Stacked bars of Cycles per lane, one per block, scaled to the largest block shown. */
export function laneBars(blocks: readonly LaneBlock[], testId: string): SVGSVGElement {
  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "chart", role: "img", "data-testid": testId });
  let max = 1n;
  for (const b of blocks) {
    const total = b.lanes.system + b.lanes.timer + b.lanes.runner + b.lanes.user;
    if (total > max) max = total;
  }
  const slot = (WIDTH - 2 * PAD) / Math.max(blocks.length, 1);
  blocks.forEach((b, i) => {
    let y = HEIGHT - PAD;
    const group = svg("a", { href: href({ page: "block", id: b.height.toString() }) });
    const parts = LANES.map((lane) => `${lane} ${b.lanes[lane]}`).join(", ");
    group.append(svg("title", {}, `block ${b.height}: ${parts}`));
    // An empty block still gets a sliver, so each block has something to point at.
    group.append(svg("rect", { x: (PAD + i * slot).toFixed(1), y: HEIGHT - PAD - 1, width: Math.max(slot - 2, 1).toFixed(1), height: 1, class: "lane-empty" }));
    for (const lane of LANES) {
      const height = (Number(b.lanes[lane]) / Number(max)) * (HEIGHT - 2 * PAD);
      if (height <= 0) continue;
      y -= height;
      group.append(svg("rect", { x: (PAD + i * slot).toFixed(1), y: y.toFixed(1), width: Math.max(slot - 2, 1).toFixed(1), height: height.toFixed(1), class: `lane-${lane}` }));
    }
    chart.append(group);
  });
  return chart;
}
