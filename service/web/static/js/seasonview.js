// A club's season (POST /v1/seasons/check): each window's ranking as a table, the written
// ranking beside it with each slip marked at its cell, and a chart of each player's
// running total per counted day of the chosen window (inline SVG, no library).
import { clear, el } from "./dom.js";
import { language } from "./i18n.js";
import { COLOURS, DASHES, niceStep, svg } from "./svgchart.js";

const WORDS = {
  en: {valid: "✔ Every ranking is in order.", invalid: "✖ {n} fault(s) in the rankings",
       windows: "Rankings", window: "“{id}”: {from} to {to}, {n} tournament day(s)",
       window_open: "“{id}”: every day up to {to}, {n} tournament day(s)", place: "Place", name: "Name", points: "Ranking points", days: "Days",
       best: "Best place", unranked: "Not ranked (too few days)", written: "As published",
       should_be: "should be {n}", missing: "Missing from the published ranking",
       days_title: "Tournament days", notes: "Notes",
       chart_title: "Running totals of ranking points", chart_x: "Tournament day",
       chart_desc: "Each player's ranking points added up over the {n} counted tournament days: {totals}"},
  de: {valid: "✔ Alle Ranglisten sind in Ordnung.", invalid: "✖ {n} Fehler in den Ranglisten",
       windows: "Ranglisten", window: "„{id}“: {from} bis {to}, {n} Turniertag(e)",
       window_open: "„{id}“: alle Tage bis {to}, {n} Turniertag(e)",
       place: "Platz", name: "Name", points: "Ranglisten\u00adpunkte", days: "Turnier\u00adtage",
       best: "Bester Platz", unranked: "Nicht in der Rangliste (zu wenige Turniertage)",
       written: "Veröffentlicht", should_be: "richtig: {n}",
       missing: "Fehlt in der veröffentlichten Rangliste",
       days_title: "Turniertage", notes: "Hinweise",
       chart_title: "Ranglistenpunkte, fortlaufend addiert", chart_x: "Turniertag",
       chart_desc: "Die Ranglistenpunkte jedes Spielers über die {n} gezählten Turniertage addiert: {totals}"},
};

function word(key, values = {}) {
  const text = (WORDS[language()] ?? WORDS.en)[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// A figure as the language writes it: 5.33 / 5,33.
function figure(n) {
  const text = String(n);
  return language() === "de" ? text.replace(".", ",") : text;
}

export function isSeason(data) {
  return Boolean(data && typeof data === "object" && data.scheme && Array.isArray(data.days)
                 && Array.isArray(data.windows));
}

let chosen = 0;  // the window shown, kept across a change of language

// Each player's running total after each counted day (day 0: everyone at 0).
function chart(window, answer) {
  const days = window.counted.map(i => answer.days[i]);
  const players = [...window.ranking, ...window.unranked].map(r => r.name);
  const series = players.map(p => {
    let total = 0;
    return [0, ...days.map(d => (total += d.points[p] ?? 0))];
  });
  const n = days.length;
  const W = 640, H = 260, left = 44, right = 30, top = 12, bottom = 30;
  let lo = Math.min(0, ...series.flat()), hi = Math.max(0, ...series.flat());
  if (lo === hi) hi = lo + 1;
  const step = niceStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const x = i => left + (n ? i / n : 0) * (W - left - right);
  const y = v => top + (hi - v) / (hi - lo) * (H - top - bottom);
  const grid = [];
  for (let v = lo; v <= hi + 1e-9; v += step) {
    grid.push(svg("line", {class: v === 0 ? "zero" : "grid", x1: left, x2: W - right, y1: y(v), y2: y(v)}),
      svg("text", {class: "tick", x: left - 6, y: y(v) + 4, "text-anchor": "end"}, figure(+v.toFixed(2))));
  }
  const every = Math.max(1, Math.ceil(n / 8));
  const ticks = days.flatMap((d, i) => ((i + 1) % every === 0 || i === n - 1
    ? [svg("text", {class: "tick", x: x(i + 1), y: H - bottom + 16,
                    "text-anchor": i === n - 1 ? "end" : "middle"}, d.date.slice(0, 7))] : []));
  const lines = series.map((points, k) => svg("g", {class: "player", "data-player": players[k]},
    svg("polyline", {fill: "none", stroke: COLOURS[k % COLOURS.length], "stroke-width": 2.5,
      "stroke-dasharray": DASHES[k % DASHES.length], "stroke-linejoin": "round",
      points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}),
    points.slice(1).map((v, i) => svg("circle", {cx: x(i + 1), cy: y(v), r: 2.8, fill: COLOURS[k % COLOURS.length]},
      svg("title", {}, `${players[k]}, ${days[i].date}: ${figure(+v.toFixed(2))}`)))));
  const totals = [...window.ranking, ...window.unranked].map(r => `${r.name} ${figure(r.points)}`).join(", ");
  const image = svg("svg", {viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img",
                            "aria-label": word("chart_desc", {n, totals})},
    svg("title", {}, word("chart_title")), grid, ticks,
    svg("text", {class: "tick", x: (left + W - right) / 2, y: H - 2, "text-anchor": "middle"}, word("chart_x")),
    lines);
  const legend = el("ul", {class: "legend"}, players.map((p, k) => el("li", {},
    svg("svg", {viewBox: "0 0 30 10", width: 30, height: 10, "aria-hidden": "true"},
      svg("line", {x1: 0, x2: 30, y1: 5, y2: 5, stroke: COLOURS[k % COLOURS.length], "stroke-width": 3,
        "stroke-dasharray": DASHES[k % DASHES.length]})), ` ${p}`)));
  return el("figure", {class: "evening-chart season-chart"}, el("h4", {text: word("chart_title")}),
    image, el("figcaption", {}, legend));
}

function rankingTable(window) {
  return el("div", {class: "table-scroll"}, el("table", {class: "season-ranking"},
    el("thead", {}, el("tr", {}, ["place", "name", "points", "days", "best"].map(k =>
      el("th", {class: k === "name" ? "" : "num", scope: "col", text: word(k)})))),
    el("tbody", {}, window.ranking.map(r => el("tr", {},
      el("td", {class: "num", text: String(r.place)}), el("th", {scope: "row", text: r.name}),
      el("td", {class: "num", text: figure(r.points)}), el("td", {class: "num", text: String(r.days)}),
      el("td", {class: "num", text: String(r.best)}))))));
}

// The published list, each slip marked at its cell (the name, the points, or the row
// standing out of order), its message under the list.
function writtenTable(window, entries, answer) {
  const here = `/written/${window.id.replaceAll("~", "~0").replaceAll("/", "~1")}`;
  const mine = (answer.violations ?? []).filter(v => v.pointer === here || (v.pointer ?? "").startsWith(`${here}/`));
  const at = new Map();
  for (const v of mine) at.set(v.pointer, v);
  const cell = (pointer, text, cls = "") => {
    const slip = at.get(pointer);
    return el("td", {class: `${cls}${slip ? " slip" : ""}`.trim(), title: slip?.message,
      dataset: slip ? {pointer} : undefined},
      text, slip?.should_be !== undefined ? el("span", {class: "should-be", text: ` (${word("should_be", {n: figure(slip.should_be)})})`}) : null);
  };
  const rows = entries.map((e, i) => {
    const order = at.get(`${here}/${i}`);
    return el("tr", {class: order ? "slip-row" : "", title: order?.message},
      el("td", {class: `num${order ? " slip" : ""}`, text: String(i + 1)}),
      cell(`${here}/${i}/name`, e.name), cell(`${here}/${i}/points`, figure(e.points), "num"));
  });
  const missing = mine.filter(v => v.pointer === here);
  return el("div", {class: "season-written"}, el("h4", {text: word("written")}),
    el("div", {class: "table-scroll"}, el("table", {class: "season-written-list"},
      el("thead", {}, el("tr", {}, el("th", {class: "num", text: "#"}), el("th", {text: word("name")}),
        el("th", {class: "num", text: word("points")}))), el("tbody", {}, rows))),
    missing.length ? el("p", {class: "missing"}, `${word("missing")}: `,
      missing.map((v, k) => [k ? ", " : "", el("span", {class: "slip", title: v.message, text: v.player})])) : null,
    mine.length ? el("ul", {class: "defects"}, mine.map(v => el("li", {text: v.message}))) : null);
}

export function renderSeason(view, request, answer) {
  clear(view);
  const count = (answer.violations ?? []).length;
  view.append(el("p", {class: answer.valid ? "verdict good" : "verdict bad", tabindex: "-1",
                       text: answer.valid ? word("valid") : word("invalid", {n: count})}));
  const dayItems = [...(answer.violations ?? []), ...(answer.notes ?? [])]
    .filter(d => (d.pointer ?? "").startsWith("/days/"));
  if (dayItems.length) {
    view.append(el("h3", {text: word("days_title")}), el("ul", {class: "defects"},
      dayItems.map(d => el("li", {text: d.message}))));
  }
  const windows = answer.windows ?? [];
  if (chosen >= windows.length) chosen = 0;
  const body = el("div", {class: "season-window"});
  const buttons = windows.map((w, i) => el("button", {type: "button", class: "season-tab",
    "aria-pressed": String(i === chosen), dataset: {window: w.id}, onclick: () => {
      chosen = i;
      buttons.forEach((b, k) => b.setAttribute("aria-pressed", String(k === i)));
      show();
    }}, w.id));
  const show = () => {
    const w = windows[chosen];
    const parts = [
      el("h3", {text: word(w.from === null ? "window_open" : "window",
                           {id: w.id, from: w.from, to: w.to, n: w.days})}),
      w.ranking.length ? rankingTable(w) : null,
      w.unranked.length ? el("p", {class: "unranked"}, `${word("unranked")}: `,
        w.unranked.map(r => `${r.name} ${figure(r.points)} (${r.days})`).join(", ")) : null,
      request.written?.[w.id] ? writtenTable(w, request.written[w.id], answer) : null,
      w.counted.length ? chart(w, answer) : null];
    clear(body).append(...parts.filter(p => p !== null));
  };
  view.append(el("div", {class: "season-tabs", role: "group", "aria-label": word("windows")}, buttons), body);
  if (windows.length) show();
}
