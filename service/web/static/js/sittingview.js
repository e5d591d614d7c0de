// A list (sitting) as a club writes it: one line a game with dealer, kind, scores and
// running totals; faulty lines marked; each game opening in the game view.
import { clear, el } from "./dom.js";
import { renderChart, renderFigures } from "./evening.js";
import { t } from "./i18n.js";

function signed(n) {
  return typeof n === "number" && n > 0 ? `+${n}` : String(n ?? "");
}

export function renderSitting(container, request, answer, {openGame, codeText}) {
  const players = answer.players ?? request.players ?? [];
  const defects = answer.violations ?? [];
  const lineDefects = new Map();
  const numberOf = new Map(defects.map((v, n) => [v, n + 1]));
  for (const v of defects) {
    const m = /^\/games\/(\d+)/.exec(v.pointer ?? "");
    const key = m ? Number(m[1]) : null;
    if (!lineDefects.has(key)) lineDefects.set(key, []);
    lineDefects.get(key).push(v);
  }
  const kinds = t("kinds");
  const width = 4 + 2 * players.length;
  // House rules: who sits at the table (it may change), where a mandatory solo round starts.
  let seated = request.players ?? players;
  const rows = (answer.games ?? []).flatMap((game, i) => {
    const faults = lineDefects.get(i) ?? [];
    const bad = game.valid === false || faults.length > 0;
    const hasTranscript = Boolean(request.games?.[i]?.transcript);  // opens at the table, else as its line
    const kind = `${kinds[game.kind] ?? game.kind ?? ""}${game.declarer ? ` (${game.declarer})` : ""}`
      + (game.bock > 1 ? ` ×${game.bock}` : "")
      + (game.bock_rounds_opened ? ` · ${t(game.bock_rounds_opened === 1 ? "bock_opened_1" : "bock_opened", {n: game.bock_rounds_opened})}` : "");
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
    return [...marks, el("tr", {class: (bad ? "faulty" : "") + (game.solo_round ? " in-solo-round" : ""), dataset: {game: String(i)}},
      el("th", {scope: "row"},
        el("button", {type: "button", class: hasTranscript ? "open-game" : "open-game open-line",
                      "aria-label": t(hasTranscript ? "open_game" : "open_line", {n: number}),
                      onclick: () => openGame(i)}, `${number} ▸`)),
      el("td", {text: game.dealer ?? ""}),
      el("td", {text: kind}),
      players.map(p => el("td", {class: "num" + (game.sits_out === p ? " out" : away(p) ? " away" : ""),
        title: game.sits_out === p ? t("sits_out") : away(p) ? t("not_seated") : undefined,
        text: game.sits_out === p ? "–" : away(p) ? "" : signed(game.scores?.[p])})),
      players.map(p => el("td", {class: "num total", text: String(game.totals?.[p] ?? "")})),
      el("td", {class: "status"}, bad
        ? el("strong", {text: `${t("line_bad")}${faults.length ? ` (${faults.map(v => numberOf.get(v)).join(", ")})` : ""}`})
        : t("line_ok")))];
  });
  const head = el("tr", {}, el("th", {text: t("game_no")}), el("th", {text: t("dealer_col")}),
    el("th", {text: t("kind")}), players.map(p => el("th", {class: "num", text: p})),
    players.map(p => el("th", {class: "num total", text: `Σ ${p}`})), el("th", {text: t("status")}));
  const totals = answer.totals ?? {};
  const claimedTotals = request.claimed?.totals;
  const foot = [el("tr", {}, el("th", {colspan: "3", tabindex: "-1", text: t("totals")}), players.map(() => el("td")),
    players.map(p => el("td", {class: "num total", text: String(totals[p] ?? "")})), el("td"))];
  if (claimedTotals) {
    foot.push(el("tr", {}, el("th", {colspan: "3", text: t("claimed_totals")}), players.map(() => el("td")),
      players.map(p => {
        const differs = claimedTotals[p] !== undefined && claimedTotals[p] !== totals[p];
        return el("td", {class: "num total" + (differs ? " differs" : ""), text: `${claimedTotals[p] ?? ""}${differs ? " ✖" : ""}`});
      }), el("td")));
  }
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
          : () => container.querySelector("table.sitting tfoot th")?.focus();
        return el("li", {}, el("button", {type: "button", class: "jump fault-link", dataset: {game: m ? m[1] : ""},
          title: t("open_fault", {n: numberOf.get(v)}), onclick: open},
          el("strong", {text: `⚠ ${codeText(v.code)}`}), " — ",
          where ? `${where}: ` : "", el("span", {class: "message", text: v.message})));
      }))) : "",
    el("section", {class: "list"}, el("h3", {text: t("list")}),
      el("div", {class: "table-scroll", role: "region", tabindex: "0", "aria-label": t("list_scroll")},
        el("table", {class: "sitting"}, el("thead", {}, head), el("tbody", {}, rows), el("tfoot", {}, foot))),
      answer.claimed ? el("p", {class: answer.claimed.agrees ? "claim good" : "claim bad"},
        answer.claimed.agrees ? t("claim_agrees") : t("claim_differs")) : ""),
    (answer.games ?? []).length ? el("section", {class: "evening"}, el("h3", {text: t("evening")}),
      renderChart(players, answer.games),
      el("h4", {text: t("figures")}), renderFigures(players, answer.games)) : "",
    answer.standings ? el("section", {class: "standings"}, el("h3", {text: t("standings")}),
      el("table", {}, el("tbody", {}, answer.standings.map(s => el("tr", {},
        el("td", {class: "num", text: `${s.place}.`}), el("td", {text: s.player}),
        el("td", {class: "num", text: signed(s.points)})))))) : "",
    answer.duty_solos ? el("section", {class: "duty"}, el("h3", {text: t("duty_solos")}),
      el("ul", {}, Object.entries(answer.duty_solos).map(([p, d]) =>
        el("li", {text: `${p}: ${d.played ?? 0} / ${d.owed ?? 0}`})))) : "");
}
