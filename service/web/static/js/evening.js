// The evening at a glance: the running totals per player as a chart (inline SVG drawn
// here, no library), the evening's figures per player, and one line of the list on its own.
import { clear, el } from "./dom.js";
import { t } from "./i18n.js";
import { COLOURS, DASHES, niceStep, svg } from "./svgchart.js";

let chartIds = 0;

// The running totals after each game; game 0 is the start (everyone at 0). Drawn at the
// width it is shown at (`shownWidth`, px), so that its labels are 12 px on a phone too; a tap
// (or click) on the chart says every player's total at the game nearest to it. Drawn anew
// when that width changes (a phone turned, a window resized).
export function renderChart(players, games, shownWidth = 640) {
  const n = games.length;
  const series = players.map(p => [0, ...games.map(g => g.totals?.[p] ?? 0)]);
  const readout = el("p", {class: "chart-readout", "aria-live": "polite", text: t("chart_tap")});
  const draw = (shown) => drawChart(players, games, series, shown, readout);
  let chart = draw(shownWidth);
  const legend = el("ul", {class: "legend"},
    players.map((p, k) => el("li", {},
      svg("svg", {viewBox: "0 0 30 10", width: 30, height: 10, "aria-hidden": "true"},
        svg("line", {x1: 0, x2: 30, y1: 5, y2: 5, stroke: COLOURS[k % COLOURS.length], "stroke-width": 3,
          "stroke-dasharray": DASHES[k % DASHES.length]})),
      ` ${p}`)),
    games.some(g => g.bock > 1) ? el("li", {}, el("span", {class: "bock-swatch", "aria-hidden": "true"}), ` ${t("chart_bock")}`) : "");
  const figure = el("figure", {class: "evening-chart"}, chart, readout, el("figcaption", {}, legend));
  new ResizeObserver(([seen]) => {
    const width = seen.contentRect.width;
    if (!width || Math.abs(clampWidth(width) - Number(chart.getAttribute("width"))) < 8) return;
    const next = draw(width);
    chart.replaceWith(next);
    chart = next;
    readout.textContent = t("chart_tap");
  }).observe(figure);
  return figure;
}

function clampWidth(width) {
  return Math.round(Math.min(Math.max(width, 280), 736));
}

function drawChart(players, games, series, shownWidth, readout) {
  const id = `chart-${++chartIds}`;
  const n = games.length;
  const W = clampWidth(shownWidth), H = 260, left = 40, right = 12, top = 12, bottom = 32;
  const values = series.flat();
  let lo = Math.min(0, ...values), hi = Math.max(0, ...values);
  if (lo === hi) hi = lo + 1;
  const step = niceStep(hi - lo);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  const x = i => left + (n ? (i / n) : 0) * (W - left - right);
  const y = v => top + (hi - v) / (hi - lo) * (H - top - bottom);
  const width = n ? (W - left - right) / n : 0;
  const bock = games.flatMap((g, i) => (g.bock > 1 ? [svg("rect", {class: "bock", x: x(i + 1) - width / 2, y: top,
    width, height: H - top - bottom})] : []));
  const grid = [];
  for (let v = lo; v <= hi + 1e-9; v += step) {
    grid.push(svg("line", {class: v === 0 ? "zero" : "grid", x1: left, x2: W - right, y1: y(v), y2: y(v)}),
      svg("text", {class: "tick", x: left - 6, y: y(v) + 4, "text-anchor": "end"}, String(v)));
  }
  const every = Math.max(1, Math.ceil(n / Math.floor((W - left - right) / 30)));
  const ticks = games.flatMap((_, i) => ((i + 1) % every === 0 || i === n - 1
    ? [svg("text", {class: "tick", x: x(i + 1), y: H - bottom + 16, "text-anchor": "middle"}, String(i + 1))] : []));
  const lines = series.map((points, k) => svg("g", {class: "player", "data-player": players[k]},
    svg("polyline", {fill: "none", stroke: COLOURS[k % COLOURS.length], "stroke-width": 2.5,
      "stroke-dasharray": DASHES[k % DASHES.length], "stroke-linejoin": "round",
      points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}),
    points.slice(1).map((v, i) => svg("circle", {cx: x(i + 1), cy: y(v), r: 2.8, fill: COLOURS[k % COLOURS.length]},
      svg("title", {}, `${players[k]}, ${t("game_n", {n: i + 1})}: ${v}`)))));
  const last = games[n - 1]?.totals ?? {};
  const summary = players.map(p => `${p} ${last[p] ?? 0}`).join(", ");
  const marker = svg("line", {class: "marker", x1: 0, x2: 0, y1: top, y2: H - bottom, visibility: "hidden"});
  const chart = svg("svg", {viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "chart", role: "img",
                            "aria-labelledby": `${id}-title ${id}-desc`},
    svg("title", {id: `${id}-title`}, t("chart_title")),
    svg("desc", {id: `${id}-desc`}, t("chart_desc", {n, totals: summary})),
    bock, grid, ticks,
    svg("text", {class: "tick", x: (left + W - right) / 2, y: H - 2, "text-anchor": "middle"}, t("chart_x")),
    marker, lines);
  chart.addEventListener("click", (event) => {
    const box = chart.getBoundingClientRect();
    const at = (event.clientX - box.left) * W / box.width;
    const i = Math.min(Math.max(Math.round((at - left) / ((W - left - right) / (n || 1))), 1), n);
    if (!n) return;
    marker.setAttribute("x1", x(i));
    marker.setAttribute("x2", x(i));
    marker.setAttribute("visibility", "visible");
    chart.dataset.game = String(i);
    readout.textContent = `${t("game_n", {n: i})}: ${players.map((p, k) => `${p} ${series[k][i]}`).join(", ")}`;
  });
  return chart;
}

// Per player: games played (at the table, not sitting out), won (scored plus), solos
// played and won, points per game played, the total.
export function figuresOf(players, games) {
  let seated = players;
  const playedBy = new Map(players.map(p => [p, []]));
  for (const g of games) {
    if (g.table) seated = g.table;
    for (const p of players) {
      const out = g.sits_out === p || (g.sitting_out ?? []).includes(p);
      if (seated.includes(p) && !out && typeof g.scores?.[p] === "number") playedBy.get(p).push(g);
    }
  }
  return players.map(p => {
    const played = playedBy.get(p);
    const solos = played.filter(g => g.declarer === p && /solo$/.test(g.kind ?? ""));
    const total = games.length ? games[games.length - 1].totals?.[p] ?? 0 : 0;
    return {player: p, played: played.length, won: played.filter(g => g.scores[p] > 0).length,
            solos: solos.length, solosWon: solos.filter(g => g.scores[p] > 0).length,
            perGame: played.length ? total / played.length : 0, total};
  });
}

export function renderFigures(players, games) {
  const rows = figuresOf(players, games);
  const number = new Intl.NumberFormat(document.documentElement.lang || "en", {maximumFractionDigits: 2});
  return el("div", {class: "table-scroll", role: "region", tabindex: "0", "aria-label": t("figures")},
    el("table", {class: "figures"},
      el("thead", {}, el("tr", {}, ["player", "fig_played", "fig_won", "fig_solos", "fig_solos_won", "fig_per_game", "totals"]
        .map((key, i) => el("th", {scope: "col", class: i ? "num" : undefined, text: t(key)})))),
      el("tbody", {}, rows.map(r => el("tr", {dataset: {player: r.player}},
        el("th", {scope: "row", text: r.player}),
        el("td", {class: "num", text: String(r.played)}),
        el("td", {class: "num", text: String(r.won)}),
        el("td", {class: "num", text: String(r.solos)}),
        el("td", {class: "num", text: String(r.solosWon)}),
        el("td", {class: "num", text: number.format(r.perGame)}),
        el("td", {class: "num", text: String(r.total)}))))));
}

// One line of the list, as written, with the checks made on it.
export function renderLine(container, request, answer, index, {codeText}) {
  const game = answer.games?.[index] ?? {};
  const players = answer.players ?? request.players ?? [];
  const faults = (answer.violations ?? []).filter(v => new RegExp(`^/games/${index}(/|$)`).test(v.pointer ?? ""));
  const kinds = t("kinds");
  const bad = faults.length > 0 || game.valid === false;
  clear(container).append(
    el("section", {class: "summary"},
      el("h2", {class: bad ? "verdict bad" : "verdict good", tabindex: "-1"},
        t(bad ? "line_view_bad" : "line_view_ok", {n: index + 1})),
      el("p", {class: "facts"},
        el("span", {}, `${t("dealer_col")}: `, el("strong", {text: game.dealer ?? ""})),
        el("span", {}, `${t("kind")}: `, el("strong", {text: `${kinds[game.kind] ?? game.kind ?? ""}${game.declarer ? ` (${game.declarer})` : ""}`})),
        game.bock > 1 ? el("span", {}, `${t("chart_bock")}: `, el("strong", {text: `×${game.bock}`})) : "",
        game.value !== undefined ? el("span", {}, `${t("line_value")}: `, el("strong", {text: String(game.value)})) : "")),
    el("section", {class: "line-checks"}, el("h3", {text: t("line_checks")}),
      faults.length
        ? el("ol", {}, faults.map(v => el("li", {class: "line-fault"}, el("strong", {text: `⚠ ${codeText(v.code)}`}),
          v.player ? ` (${v.player})` : "", " — ", el("span", {class: "message", text: v.message}))))
        : el("p", {class: "claim good", text: t("line_no_fault")})),
    el("section", {}, el("h3", {text: t("line_scores")}),
      el("table", {class: "line-scores"},
        el("thead", {}, el("tr", {}, el("th", {scope: "col", text: t("player")}),
          el("th", {scope: "col", class: "num", text: t("line_scores")}),
          el("th", {scope: "col", class: "num", text: t("totals")}))),
        el("tbody", {}, players.map(p => el("tr", {},
          el("th", {scope: "row", text: p}),
          el("td", {class: "num", text: game.sits_out === p || (game.sitting_out ?? []).includes(p) ? "–" : String(game.scores?.[p] ?? "")}),
          el("td", {class: "num", text: String(game.totals?.[p] ?? "")})))))));
}
