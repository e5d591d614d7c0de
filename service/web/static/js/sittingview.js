// A list (sitting) as a club writes it: one line a game with each player's score and
// running total, dealer and kind; the faulty cell marked; each game opening in the game
// view, each line written as the sheet has it as that line.
import { clear, el } from "./dom.js";
import { renderChart, renderFigures } from "./evening.js";
import { t } from "./i18n.js";

function signed(n) {
  return typeof n === "number" && n > 0 ? `+${n}` : String(n ?? "");
}

// Where a fault of the list points: a player's cell of a game (a score written wrong, a
// fault of that player's in the game), the game's dealer or kind, or the game as a whole.
function faultPlace(v, players) {
  const m = /^\/games\/(\d+)(\/.*)?$/.exec(v.pointer ?? "");
  if (!m) return null;
  const rest = (m[2] ?? "").split("/").slice(1).map(p => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  const field = rest[0] === "sheet" ? rest.slice(1) : rest;
  if (field[0] === "scores" && players.includes(field[1])) return {game: Number(m[1]), player: field[1]};
  if (field[0] === "dealer") return {game: Number(m[1]), field: "dealer"};
  if (v.player && players.includes(v.player)) return {game: Number(m[1]), player: v.player};
  if (["type", "declarer", "duty", "kind", "solo"].includes(field[0])) return {game: Number(m[1]), field: "kind"};
  return {game: Number(m[1])};
}

// One line a game: its number (opening it), each player's score with the running total
// under it, the check; dealer and kind on a second line. It fits a phone's width for up
// to seven players: the columns share the width, nothing scrolls sideways.
function listTable(request, answer, players, defects, numberOf, openGame) {
  const kinds = t("kinds");
  const width = players.length + 2;
  const faultsOf = new Map();  // game -> [{v, place}]
  for (const v of defects) {
    const place = faultPlace(v, players);
    if (!place) continue;
    if (!faultsOf.has(place.game)) faultsOf.set(place.game, []);
    faultsOf.get(place.game).push({v, place});
  }
  const flagged = (faults, test) => faults.filter(f => test(f.place)).map(f => numberOf.get(f.v));
  // House rules: who sits at the table (it may change), where a mandatory solo round starts.
  let seated = request.players ?? players;
  const bodies = (answer.games ?? []).flatMap((game, i) => {
    const faults = faultsOf.get(i) ?? [];
    const bad = game.valid === false || faults.length > 0;
    const hasTranscript = Boolean(request.games?.[i]?.transcript);  // opens at the table, else as its line
    const number = String(i + 1);
    const marks = [];
    if (game.table) {
      seated = game.table;
      marks.push(el("tr", {class: "mark table-change"},
        el("td", {colspan: String(width), text: t("table_from", {n: number, names: game.table.join(", ")})})));
    }
    if (game.solo_round === 1) {
      marks.push(el("tr", {class: "mark solo-round"},
        el("td", {colspan: String(width), text: t("solo_round_from", {n: number})})));
    }
    const away = p => !seated.includes(p);
    const cell = p => {
      const marked = flagged(faults, place => place.player === p);
      const out = game.sits_out === p || (game.sitting_out ?? []).includes(p);  // at six and seven, more sit out
      return el("td", {class: "num player" + (out ? " out" : away(p) ? " away" : "") + (marked.length ? " fault" : ""),
                       dataset: {player: p}, title: out ? t("sits_out") : away(p) ? t("not_seated") : undefined},
        el("span", {class: "score", text: `${marked.length ? "⚠" : ""}${out ? "–" : away(p) ? "" : signed(game.scores?.[p])}`}),
        el("span", {class: "total", text: away(p) && !out ? "" : String(game.totals?.[p] ?? "")}));
    };
    const dealerFault = flagged(faults, place => place.field === "dealer");
    const kindFault = flagged(faults, place => place.field === "kind");
    const kind = `${kinds[game.kind] ?? game.kind ?? ""}${game.declarer ? ` (${game.declarer})` : ""}`
      + (game.bock > 1 ? ` ×${game.bock}` : "");
    const opened = game.bock_rounds_opened
      ? ` · ${t(game.bock_rounds_opened === 1 ? "bock_opened_1" : "bock_opened", {n: game.bock_rounds_opened})}` : "";
    const numbers = faults.map(f => numberOf.get(f.v)).join(",");
    return [...marks.map(row => el("tbody", {class: "marks"}, row)),
      el("tbody", {class: "game" + (bad ? " faulty" : "")},
        el("tr", {class: "line" + (bad ? " faulty" : "") + (game.solo_round ? " in-solo-round" : ""), dataset: {game: String(i)}},
          el("th", {scope: "row", rowspan: "2"},
            el("button", {type: "button", class: hasTranscript ? "open-game" : "open-game open-line",
                          "aria-label": t(hasTranscript ? "open_game" : "open_line", {n: number}),
                          onclick: () => openGame(i)}, `${number} ▸`)),
          players.map(cell),
          el("td", {class: "status"}, bad
            ? el("strong", {}, "✖", el("span", {class: "sr-only", text: ` ${t("line_bad").replace("✖", "").trim()}`}),
                 numbers ? el("span", {class: "fault-numbers", text: numbers}) : "")
            : t("line_ok"))),
        el("tr", {class: "about"}, el("td", {colspan: String(width - 1)},
          el("span", {class: "dealer" + (dealerFault.length ? " fault" : "")},
            `${t("dealer_col")}: `, el("strong", {text: `${dealerFault.length ? "⚠ " : ""}${game.dealer ?? ""}`})),
          " · ", el("span", {class: "kind" + (kindFault.length ? " fault" : ""), text: `${kindFault.length ? "⚠ " : ""}${kind}`}),
          opened)))];
  });
  const head = el("tr", {}, el("th", {scope: "col", text: t("game_no")}),
    players.map(p => el("th", {scope: "col", class: "num", title: p, text: p})),
    el("th", {scope: "col", class: "status"}, el("span", {"aria-hidden": "true", text: "✔"}),
      el("span", {class: "sr-only", text: t("status")})));
  const totals = answer.totals ?? {};
  const claimedTotals = request.claimed?.totals;
  // The totals under the names, pinned with them at the top of the screen.
  const totalsRow = el("tr", {class: "totals"},
    el("th", {scope: "row", tabindex: "-1"}, el("span", {"aria-hidden": "true", text: "Σ"}),
      el("span", {class: "sr-only", text: t("totals")})),
    players.map(p => el("td", {class: "num total", dataset: {player: p}, text: String(totals[p] ?? "")})), el("td"));
  const foot = [];
  if (claimedTotals) {
    foot.push(el("tr", {class: "claimed-label"}, el("th", {colspan: String(width), scope: "rowgroup", text: t("claimed_totals")})),
      el("tr", {class: "claimed-totals"}, el("td"),
      players.map(p => {
        const differs = claimedTotals[p] !== undefined && claimedTotals[p] !== totals[p];
        return el("td", {class: "num total" + (differs ? " differs fault" : ""), dataset: {player: p},
                         text: `${differs ? "⚠" : ""}${claimedTotals[p] ?? ""}`});
      }), el("td")));
  }
  return el("table", {class: `sitting${players.length > 5 ? " many" : ""}`},
    el("colgroup", {}, el("col", {class: "col-no"}), players.map(() => el("col")), el("col", {class: "col-status"})),
    el("thead", {}, head, totalsRow), bodies, foot.length ? el("tfoot", {}, foot) : "");
}

export function renderSitting(container, request, answer, {openGame, codeText}) {
  const players = answer.players ?? request.players ?? [];
  const defects = answer.violations ?? [];
  const numberOf = new Map(defects.map((v, n) => [v, n + 1]));
  const count = defects.length;
  clear(container).append(
    el("section", {class: "summary"},
      el("h2", {class: count ? "verdict bad" : "verdict good", tabindex: "-1"}, count === 1 ? t("list_invalid_1") : count ? t("list_invalid", {n: count}) : t("list_valid")),
      el("p", {class: "facts"}, el("span", {}, `${t("ruleset")}: `, el("strong", {class: "ruleset-id", text: answer.ruleset ?? request.ruleset}))),
    ),
    count ? el("section", {class: "violations"}, el("h3", {text: t("list_defects")}),
      el("ol", {}, defects.map(v => {
        const m = /^\/games\/(\d+)/.exec(v.pointer ?? "");
        const where = [m ? t("game_n", {n: Number(m[1]) + 1}) : "", v.player ? `(${v.player})` : ""]
          .filter(Boolean).join(" ");
        const open = m ? () => openGame(Number(m[1]))
          : () => container.querySelector("table.sitting tr.totals th")?.focus();
        return el("li", {}, el("button", {type: "button", class: "jump fault-link", dataset: {game: m ? m[1] : ""},
          title: t("open_fault", {n: numberOf.get(v)}), onclick: open},
          el("strong", {text: `⚠ ${codeText(v.code)}`}), " — ",
          where ? `${where}: ` : "", el("span", {class: "message", text: v.message})));
      }))) : "",
    el("section", {class: "list"}, el("h3", {text: t("list")}),
      listTable(request, answer, players, defects, numberOf, openGame),
      answer.claimed ? el("p", {class: answer.claimed.agrees ? "claim good" : "claim bad"},
        answer.claimed.agrees ? t("claim_agrees") : t("claim_differs")) : ""),
    (answer.games ?? []).length ? el("section", {class: "evening"}, el("h3", {text: t("evening")}),
      renderChart(players, answer.games, container.clientWidth),
      el("h4", {text: t("figures")}), renderFigures(players, answer.games)) : "",
    answer.standings ? el("section", {class: "standings"}, el("h3", {text: t("standings")}),
      el("table", {}, el("tbody", {}, answer.standings.map(s => el("tr", {},
        el("td", {class: "num", text: `${s.place}.`}), el("td", {text: s.player}),
        el("td", {class: "num", text: signed(s.points)})))))) : "",
    answer.duty_solos ? el("section", {class: "duty"}, el("h3", {text: t("duty_solos")}),
      el("ul", {}, Object.entries(answer.duty_solos).map(([p, d]) =>
        el("li", {text: `${p}: ${d.played ?? 0} / ${d.owed ?? 0}`})))) : "");
}
