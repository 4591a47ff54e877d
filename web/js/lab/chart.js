// @ts-check
// Bar charts in SVG, built with createElementNS (no markup strings, so no value is ever read as HTML).
//
// One small chart per metric, each its own <svg role="img"> with a text alternative, laid out by CSS in
// a grid (two columns on a wide screen, one on a phone), so every chart keeps a readable scale. Values
// of one metric often span four orders of magnitude (naive: 200,000 nodes; DLX: 50), so the scale is
// logarithmic unless a chart asks otherwise: the length of a bar is log10(1 + value). Bars of a method that gave up are marked, and
// their label says "≥": the figure is where the budget stopped it, not the method's real cost.

import { t } from "../i18n.js";

const SVG = "http://www.w3.org/2000/svg";

/** @param {string} name @param {Record<string, string | number>} [attrs] @param {string} [text] */
function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** @param {number | null | undefined} value */
export function formatValue(value) {
  if (value === null || value === undefined) return "–";
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString("en-US");
  if (value >= 100) return Math.round(value).toLocaleString("en-US");
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

// One chart: `bars` = [{label, method, value, gaveUp?, kind?}], drawn as horizontal bars on a log scale, or a
// linear one (`log: false`) for small counts such as depths and solutions.
/**
 * A bar: its label, its value (none: null), and whether the method gave up (the value is a floor).
 * @typedef {{label: string, value: number | null | undefined, gaveUp?: boolean, method?: string, kind?: string}} Bar
 */
/** A chart: its title, the bars' unit, the bars, on a log scale or not. @typedef {{title: string, unit?: string, bars: Bar[], log?: boolean}} ChartSpec */

/** @param {ChartSpec} spec */
export function barChart({ title, unit = "", bars, log = true }) {
  const width = 320;
  const labelWidth = 70; // the short method names ("recursive" is the longest)
  const valueRoom = 62;
  const barHeight = 18;
  const gap = 8;
  const top = 26;
  const height = top + bars.length * (barHeight + gap) + 4;
  const present = bars.filter((b) => b.value !== null && b.value !== undefined);
  const scale = log ? (/** @type {number} */ v) => Math.log10(1 + v) : (/** @type {number} */ v) => v;
  const max = Math.max(log ? 1 : 0.0001, ...present.map((b) => scale(/** @type {number} */ (b.value))));
  const span = width - labelWidth - valueRoom;
  const figure = (/** @type {Bar} */ b) => `${formatValue(b.value)}${unit ? ` ${unit}` : ""}`;
  const alt = `${title}: ${bars.map((b) => `${b.label} ${b.gaveUp ? t("lab.chart.at-least", { value: figure(b) }) : figure(b)}`)
    .join(t("lab.list-separator"))}`;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": alt, class: "chart" });
  svg.append(el("title", {}, alt));
  const note = [unit, log ? t("lab.chart.log") : ""].filter(Boolean).join(t("lab.list-separator"));
  svg.append(el("text", { x: 0, y: 16, class: "chart-title" }, note ? t("lab.chart.titled", { title, note }) : title));
  bars.forEach((bar, i) => {
    const y = top + i * (barHeight + gap);
    const group = el("g", { class: `chart-bar${bar.gaveUp ? " gave-up" : ""}`, "data-method": bar.method || bar.label });
    group.append(el("text", { x: labelWidth - 6, y: y + barHeight / 2 + 4, "text-anchor": "end", class: "chart-label" },
      bar.label));
    const missing = bar.value === null || bar.value === undefined;
    const length = missing ? 0 : Math.max(1.5, (scale(/** @type {number} */ (bar.value)) / max) * span);
    group.append(el("rect", { x: labelWidth, y, width: length.toFixed(2), height: barHeight, rx: 2,
      class: `bar${bar.kind ? ` bar-${bar.kind}` : ""}` }));
    const valueText = missing ? t("lab.chart.none")
      : bar.gaveUp ? t("lab.chart.gave-up", { value: formatValue(bar.value) }) : formatValue(bar.value);
    // A long bar holds its figure inside (white on the bar), a short one beside it.
    const inside = length > span * 0.55;
    group.append(el("text", { x: inside ? labelWidth + length - 4 : labelWidth + length + 4, y: y + barHeight / 2 + 4,
      "text-anchor": inside ? "end" : "start", class: `chart-value${inside ? " inside" : ""}` }, valueText));
    svg.append(group);
  });
  return svg;
}

// Replace `container`'s charts with one per metric.
/** @param {Element} container @param {ChartSpec[]} charts */
export function drawCharts(container, charts) {

  container.replaceChildren(...charts.map((spec) => {
    const figure = document.createElement("figure");
    figure.className = "chart-figure";
    figure.append(barChart(spec));
    return figure;
  }));
}
