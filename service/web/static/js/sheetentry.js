// A list written line by line from the keyboard, as on paper: one field a player, the last
// filled for a zero sum, Enter adds the line (the list is checked and shown at once),
// "Take back" removes the last one. What was written survives a reload (localStorage).
import { clear, el } from "./dom.js";
import { t } from "./i18n.js";

const SAVED = "doko-sheet";
const KINDS = ["normal", "solo", "marriage", "poverty", "silent_marriage"];
const WITH_DECLARER = new Set(["solo", "silent_marriage"]);  // docs/sitting.md, "A sheet line"

export class SheetEntry {
  // root: the form's place; checkList(list): puts the list in the box and checks it;
  // ruleset(): the ruleset chosen for entering.
  constructor(root, {checkList, ruleset}) {
    this.root = root;
    this.checkList = checkList;
    this.ruleset = ruleset;
    this.list = null;  // {ruleset, players, first_dealer, finished, games}
    this.typed = new Set();  // the fields typed by hand (the others may be filled for a zero sum)
  }

  saved() {
    try { return JSON.parse(localStorage.getItem(SAVED) ?? "null"); } catch { return null; }
  }

  save() {
    try { localStorage.setItem(SAVED, JSON.stringify(this.list)); } catch { /* storage may be off */ }
  }

  // Back after a reload: the list as it was written (checked again when nothing is shown).
  resume(check) {
    const list = this.saved();
    if (!list?.players?.length) return this.render();
    this.list = list;
    this.render();
    if (check && list.games.length) this.checkList(list);
  }

  start(names) {
    const players = names.split(/[,;\n]/).map(s => s.trim()).filter(Boolean);
    if (players.length < 4 || players.length > 5 || new Set(players).size !== players.length) {
      this.render(t("sheet_players_bad"));
      return;
    }
    this.list = {ruleset: this.ruleset(), players, first_dealer: players[0], finished: false, games: []};
    this.save();
    this.render();
    this.root.querySelector(".sheet-score")?.focus();
  }

  // The dealer of the next line: the next player after the last line's dealer.
  nextDealer() {
    const {players, games} = this.list;
    if (!games.length) return players[0];
    return players[(players.indexOf(games[games.length - 1].dealer) + 1) % players.length];
  }

  render(problem = "") {
    const root = clear(this.root);
    if (!this.list) {
      const names = el("input", {type: "text", id: "sheet-players", value: "Anna, Ben, Cleo, Dan",
                                 "aria-describedby": "sheet-players-hint"});
      names.addEventListener("keydown", (event) => { if (event.key === "Enter") this.start(names.value); });
      root.append(el("label", {}, `${t("sheet_players")} `, names),
        el("p", {class: "hint", id: "sheet-players-hint", text: t("sheet_players_hint")}),
        problem ? el("p", {class: "entry-status error", role: "alert", text: problem}) : "",
        el("button", {type: "button", id: "sheet-start", onclick: () => this.start(names.value)}, t("sheet_start")));
      return;
    }
    const {players} = this.list;
    const dealer = el("select", {id: "sheet-dealer"}, players.map(p => el("option", {value: p, text: p})));
    dealer.value = this.nextDealer();
    const kinds = t("kinds");
    const kind = el("select", {id: "sheet-kind"}, KINDS.map(k => el("option", {value: k, text: kinds[k] ?? k})));
    const declarer = el("select", {id: "sheet-declarer"}, players.map(p => el("option", {value: p, text: p})));
    const declarerLabel = el("label", {hidden: true}, `${t("declarer")} `, declarer);
    kind.addEventListener("change", () => { declarerLabel.hidden = !WITH_DECLARER.has(kind.value); });
    this.typed = new Set();
    const fields = players.map(p => el("input", {type: "text", inputmode: "numeric", class: "sheet-score",
                                                 "aria-label": t("sheet_score_of", {name: p}), dataset: {player: p}}));
    const playing = () => fields.filter(f => !(players.length > 4 && f.dataset.player === dealer.value));
    const refresh = () => {
      for (const f of fields) {
        const out = !playing().includes(f);
        f.disabled = out;
        if (out) f.value = "0";
      }
      this.fillLast(playing());
    };
    dealer.addEventListener("change", refresh);
    for (const f of fields) {
      f.addEventListener("input", () => { this.typed.add(f); if (!f.value) this.typed.delete(f); this.fillLast(playing()); });
    }
    const add = () => this.add({dealer: dealer.value, type: kind.value, declarer: declarer.value, fields: playing(), problem: note});
    const note = el("p", {class: "sheet-problem", role: "alert"});
    const form = el("div", {class: "sheet-line", role: "group", "aria-label": t("sheet_line", {n: this.list.games.length + 1})},
      el("p", {class: "sheet-count", text: t("sheet_line", {n: this.list.games.length + 1})}),
      el("label", {}, `${t("dealer_col")} `, dealer), el("label", {}, `${t("kind")} `, kind), declarerLabel,
      el("div", {class: "sheet-scores"}, fields.map(f => el("label", {}, el("span", {text: f.dataset.player}), f))),
      note);
    form.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      add();
    });
    root.append(form, el("div", {class: "entry-tools"},
      el("button", {type: "button", id: "sheet-add", class: "primary", onclick: add}, t("sheet_add")),
      el("button", {type: "button", id: "sheet-undo", disabled: !this.list.games.length, onclick: () => this.undo()}, t("sheet_undo")),
      el("button", {type: "button", id: "sheet-new", onclick: () => this.reset()}, t("sheet_new"))),
      el("p", {class: "hint", text: t("sheet_hint")}));
    refresh();
  }

  // The last field not typed by hand gets what makes the line add up to zero.
  fillLast(fields) {
    const open = fields.filter(f => !this.typed.has(f));
    if (open.length !== 1) return;
    const others = fields.filter(f => f !== open[0]).map(f => Number(f.value));
    if (others.some(n => !Number.isInteger(n))) return;
    open[0].value = String(-others.reduce((a, b) => a + b, 0));
    open[0].classList.add("filled");
  }

  add({dealer, type, declarer, fields, problem}) {
    const scores = {};  // those who played (at a table of five, not the dealer)
    for (const f of fields) {
      const n = Number(f.value.trim().replace("−", "-"));
      if (!f.value.trim() || !Number.isInteger(n)) {
        problem.textContent = t("sheet_number", {name: f.dataset.player});
        f.focus();
        return;
      }
      scores[f.dataset.player] = n;
    }
    const sheet = {type, scores};
    if (WITH_DECLARER.has(type)) sheet.declarer = declarer;
    this.list.games.push({dealer, sheet});
    this.save();
    this.render();
    this.root.querySelector(".sheet-score:not(:disabled)")?.focus();
    this.checkList(this.list);
  }

  undo() {
    this.list.games.pop();
    this.save();
    this.render();
    if (this.list.games.length) this.checkList(this.list);
  }

  reset() {
    this.list = null;
    try { localStorage.removeItem(SAVED); } catch { /* storage may be off */ }
    this.render();
  }
}
