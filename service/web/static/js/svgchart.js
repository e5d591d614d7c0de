// What the evening's and the season's charts share: inline SVG made here (no library),
// the players' colours and dashes, and a step for an axis's labels.
const SVG = "http://www.w3.org/2000/svg";
// Told apart by colour and by the line's dashes (not by colour alone).
export const COLOURS = ["#0b5cad", "#b3261e", "#1a7f37", "#6f42c1", "#8a4b00", "#00707a", "#4a4a4a", "#a0306f"];
export const DASHES = ["", "7 4", "2 3", "9 3 2 3", "4 2", "12 4", "1 2", "6 2 1 2"];

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== "") node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null && child !== false) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export function niceStep(range) {
  const raw = range / 5;
  const power = 10 ** Math.floor(Math.log10(raw || 1));
  return [1, 2, 5, 10].map(f => f * power).find(s => s >= raw) ?? power * 10;
}
