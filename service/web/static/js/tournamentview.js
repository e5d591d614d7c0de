// A tournament day (POST /v1/tournaments/check): each round's tables with their totals
// (each opening in the list view), the preliminary standing, the final tables and the
// places; and a form that draws the tables of each round (POST /v1/tournaments/draw).
import { post } from "./api.js";
import { clear, el } from "./dom.js";
import { language } from "./i18n.js";

const WORDS = {
  en: {round: "Round {n}", table: "Table {n}", standing: "Preliminary standing",
       final: "Final round", wildcard: "wildcard: {name}", places: "Places",
       place: "Place", player: "Player", points: "Points", penalty: "Penalty",
       valid: "✔ The day is in order.", invalid: "✖ {n} faults in the day", invalid_1: "✖ 1 fault in the day",
       open_fault: "Open the table of this fault",
       open: "Open the list", notes: "Notes", claimed_ok: "The claimed figures agree.",
       claimed_bad: "The claimed figures differ.",
       draw: "Draw the tables", draw_names: "Participants, one a line",
       draw_rounds: "Rounds", draw_seed: "Seed (published by the club)",
       draw_go: "Draw", repeats: "Players meeting again: {n}"},
  de: {round: "Runde {n}", table: "Tisch {n}", standing: "Vorrundenstand",
       final: "Endrunde", wildcard: "Wildcard: {name}", places: "Plätze",
       place: "Platz", player: "Spieler", points: "Punkte", penalty: "Abzug",
       valid: "✔ Der Turniertag ist in Ordnung.", invalid: "✖ {n} Fehler im Turniertag", invalid_1: "✖ 1 Fehler im Turniertag",
       open_fault: "Den Tisch dieses Fehlers öffnen",
       open: "Liste öffnen", notes: "Hinweise", claimed_ok: "Die angegebenen Zahlen stimmen.",
       claimed_bad: "Die angegebenen Zahlen weichen ab.",
       draw: "Tische auslosen", draw_names: "Teilnehmer, einer je Zeile",
       draw_rounds: "Runden", draw_seed: "Startwert (vom Verein veröffentlicht)",
       draw_go: "Auslosen", repeats: "Wiederholte Begegnungen: {n}"},
};

export function word(key, values = {}) {
  const text = (WORDS[language()] ?? WORDS.en)[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

export function isTournament(data) {
  return Boolean(data && typeof data === "object" && Array.isArray(data.preliminary));
}

// The faults (or notes) under `prefix`, as the list shows its faults: marked, and where
// they belong to a table, opening it.
function defectList(items, prefix, {open = null, note = false} = {}) {
  const mine = items.filter(d => (d.pointer ?? "") === prefix || (d.pointer ?? "").startsWith(`${prefix}/`));
  if (!mine.length) return null;
  return el("ul", {class: note ? "defects notes" : "defects violations"}, mine.map(d => el("li", {},
    note ? `ℹ ${d.message}`
      : open ? el("button", {type: "button", class: "jump fault-link", title: word("open_fault"), onclick: open},
                  el("strong", {text: "⚠ "}), el("span", {class: "message", text: d.message}))
        : el("span", {class: "flag-text", text: `⚠ ${d.message}`}))));
}

function tableRow(label, prefix, table, answer, open) {
  const totals = (table.players ?? []).map(p => `${p} ${table.totals?.[p] ?? 0}`).join(", ");
  const bad = (answer.violations ?? []).some(v => (v.pointer ?? "").startsWith(`${prefix}/`) || v.pointer === prefix);
  return el("li", {class: bad ? "table bad" : "table"},
    el("button", {type: "button", class: "open-table", dataset: {pointer: prefix}, onclick: open,
                  title: word("open")}, label),
    ` ${totals}`, defectList(answer.violations ?? [], prefix, {open}), defectList(answer.notes ?? [], prefix, {note: true}));
}

// openTable(request of the table with the day's ruleset, the table's answer)
export function renderTournament(view, request, answer, {openTable}) {
  clear(view);
  // parts that are not there (no defects, no final) are left out, not written as "null"
  const container = {append: (...parts) => view.append(...parts.filter(p => p !== null))};
  const count = (answer.violations ?? []).length;
  container.append(el("section", {class: "summary"}, el("h2", {class: answer.valid ? "verdict good" : "verdict bad", tabindex: "-1",
    text: answer.valid ? word("valid") : count === 1 ? word("invalid_1") : word("invalid", {n: count})})));
  const withRules = t => ({ruleset: request.ruleset, finished: true, ...t});
  (answer.preliminary ?? []).forEach((round, r) => {
    const here = `/preliminary/${r}`;
    container.append(el("h3", {text: word("round", {n: r + 1})}),
      defectList([...(answer.violations ?? []), ...(answer.notes ?? [])].filter(d => d.pointer === here), here),
      el("ul", {class: "tables"}, round.tables.map((table, t) => tableRow(
        word("table", {n: t + 1}), `${here}/tables/${t}`, table, answer,
        () => openTable(withRules(request.preliminary[r].tables[t]), table)))));
  });
  const standing = answer.preliminary_standing ?? [];
  container.append(el("h3", {text: word("standing")}), el("table", {class: "standing"},
    el("thead", {}, el("tr", {}, ["place", "player", "points", "penalty"].map((k, i) => el("th", {scope: "col", class: i === 1 ? undefined : "num", text: word(k)})))),
    el("tbody", {}, standing.map(s => el("tr", {}, el("td", {class: "num", text: `${s.place}.`}), el("td", {text: s.player}),
      el("td", {class: "num", text: String(s.points)}), el("td", {class: "num penalty", text: s.penalty ? `−${s.penalty}` : ""}))))));
  if (answer.final) {
    const title = word("final") + (answer.final.wildcard ? ` (${word("wildcard", {name: answer.final.wildcard})})` : "");
    container.append(el("h3", {text: title}),
      defectList((answer.violations ?? []).filter(v => v.pointer === "/final" || v.pointer === "/final/wildcard"), "/final"),
      el("ul", {class: "tables"}, answer.final.tables.map((table, t) => tableRow(
        word("table", {n: t + 1}), `/final/tables/${t}`, table, answer,
        () => openTable(withRules(request.final.tables[t]), table)))));
  }
  if (answer.places) {
    container.append(el("h3", {text: word("places")}), el("ul", {class: "places"},
      answer.places.map(p => el("li", {text: `${p.place}. ${p.player} (${word("table", {n: p.table + 1})}, ${p.points})`}))));
  }
  if (answer.claimed) {
    container.append(el("p", {class: answer.claimed.agrees ? "claim good" : "claim bad"},
      answer.claimed.agrees ? `✔ ${word("claimed_ok")}` : `✖ ${word("claimed_bad")}`),
      defectList(answer.violations ?? [], "/claimed"));
  }
}

// The "draw the tables" form, appended to `container`.
export function mountDrawForm(container) {
  const names = el("textarea", {id: "draw-names", rows: "5", spellcheck: "false"});
  const rounds = el("input", {id: "draw-rounds", type: "number", min: "1", max: "30", value: "3"});
  const seed = el("input", {id: "draw-seed", type: "text", value: ""});
  const out = el("div", {id: "draw-result", role: "status"});
  const labels = [];
  const label = (key, field) => {
    const span = el("span", {text: word(key)});
    labels.push([span, key]);
    return el("label", {}, span, " ", field);
  };
  const summary = el("summary", {text: word("draw")});
  const go = el("button", {type: "button", id: "draw-go", class: "primary", text: word("draw_go")});
  let last = null;  // {body, answer}: drawn anew on a change of language (a refusal asked again)
  const draw = async (body) => {
    const answer = await post("/v1/tournaments/draw", JSON.stringify(body));
    last = {body, answer};
    show(answer);
  };
  const show = (answer) => {
    clear(out);
    if (answer.status !== 200) {
      out.append(el("ul", {class: "defects"}, (answer.body?.errors ?? [{pointer: "/", message: answer.body?.detail ?? "?"}])
        .map(e => el("li", {text: `${e.pointer || "/"}: ${e.message}`}))));
      return;
    }
    answer.body.rounds.forEach((round, r) => out.append(el("h4", {text: word("round", {n: r + 1})}),
      el("ul", {}, round.tables.map((names, t) => el("li", {text: `${word("table", {n: t + 1})}: ${names.join(", ")}`})))));
    out.append(el("p", {text: word("repeats", {n: answer.body.repeats})}));
  };
  go.addEventListener("click", () => draw({participants: names.value.split("\n").map(s => s.trim()).filter(Boolean),
                                          rounds: Number(rounds.value), seed: seed.value}));
  const form = el("details", {id: "draw", class: "panel"}, summary,
    label("draw_names", names), label("draw_rounds", rounds), label("draw_seed", seed), go, out);
  container.append(form);
  // Relabelled on a change of language.
  return () => {
    summary.textContent = word("draw");
    go.textContent = word("draw_go");
    for (const [span, key] of labels) span.textContent = word(key);
    if (last) last.answer.status === 200 ? show(last.answer) : draw(last.body);
  };
}
