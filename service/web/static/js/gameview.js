// One checked game at the table: the verdict, a ruling for each violation, the four (or
// five) seats around the table with their hands as held at the step shown, the trick in
// the middle, stepped card by card and trick by trick, and the score sheet.
import { post } from "./api.js";
import { cardElement, cardName } from "./cards.js";
import { clear, el } from "./dom.js";
import { callName, citeRule, language, seatName, t } from "./i18n.js";
import { gameKey } from "./order.js";

// Where a JSON pointer of a violation points: an event of the play, a card of a hand,
// a reservation, the game, or the transcript as a whole.
export function target(pointer) {
  const parts = String(pointer).split("/").slice(1);
  if (parts[0] === "play" && /^\d+$/.test(parts[1] ?? "")) return {kind: "event", index: Number(parts[1])};
  if (parts[0] === "hands" && /^\d+$/.test(parts[1] ?? "")) {
    return {kind: "hand", seat: Number(parts[1]), index: /^\d+$/.test(parts[2] ?? "") ? Number(parts[2]) : null};
  }
  if (parts[0] === "reservations") return {kind: "reservation", index: Number(parts[1] ?? -1)};
  if (parts[0] === "game") return {kind: "game"};
  return {kind: "other"};
}

// The play's events with the trick each belongs to (a call belongs to the trick being
// played) and, for a card, its place in the trick (0 leads).
export function timeline(play) {
  let cards = 0;
  return (Array.isArray(play) ? play : []).map((event, index) => {
    const isCard = Boolean(event && typeof event === "object" && "card" in event);
    const trick = Math.floor(cards / 4);
    const entry = {index, event, isCard, trick, place: isCard ? cards % 4 : null, beforeFirst: cards === 0 && !isCard};
    if (isCard) cards++;
    return entry;
  });
}

// Seats around the table: seat 0 at the bottom, play going clockwise.
const PLACES = ["bottom", "left", "top", "right"];
const FIELD_LABELS = {winner: "winner", value: "value", scores: "seat_scores",
                      card_points: "card_points", valid: "validity"};
const PENALTIES = new Set(["revoke_penalty"]);

function removeOne(hand, card) {
  const k = hand.findIndex(c => c.card === card);
  if (k >= 0) return hand.splice(k, 1)[0];
  return null;
}

function names(list) {
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} ${t("and")} ${list[list.length - 1]}`;
}

export class GameView {
  constructor(container, {codes = {}, language: lang = language} = {}) {
    this.container = container;
    this.codes = codes;
    this.language = lang;
    this.pos = 0;
    this.transcript = null;
    this.result = null;
    this.legal = new Map();  // violation pointer -> legal cards before it ("loading", null)
  }

  // `rules`: the ruleset's dollen and with_nines (the order of the hands); `at`: "end" to
  // open at the last step; `sitsOut`: the fifth player's name, at a table of five.
  show(transcript, result, rules = {}, {at, sitsOut} = {}) {
    const same = transcript === this.transcript;
    this.transcript = transcript;
    this.result = result;
    this.rules = rules;
    this.sitsOut = sitsOut ?? null;
    this.events = timeline(transcript.play);
    this.cards = this.events.filter(e => e.isCard);
    // As many tricks as a hand has cards (an unfinished game's too: trick 6 of 12).
    const dealt = (transcript.hands ?? []).reduce((n, h) => n + (Array.isArray(h) ? h.length : 0), 0);
    this.trickCount = Math.max(result.tricks?.length ?? 0, Math.ceil(this.cards.length / 4), Math.floor(dealt / 4));
    this.marks = new Map();  // "event:i" / "hand:s:i" / "reservation:i" / "game" -> violations
    for (const violation of result.violations ?? []) {
      const where = target(violation.pointer);
      const key = where.kind === "event" ? `event:${where.index}`
        : where.kind === "hand" ? `hand:${where.seat}:${where.index}`
        : where.kind === "reservation" ? `reservation:${where.index}`
        : where.kind;
      if (!this.marks.has(key)) this.marks.set(key, []);
      this.marks.get(key).push(violation);
    }
    this.buildSteps();
    if (!same) {
      this.legal = new Map();
      const first = (result.violations ?? []).map(v => this.stepOf(v)).filter(p => p !== null);
      this.pos = at === "end" ? this.steps.length - 1 : first.length ? Math.min(...first) : 0;
    }
    this.pos = Math.min(this.pos, this.steps.length - 1);
    this.render();
    this.fetchLegal();
  }

  rerender() {
    if (this.result) this.render();
  }

  // ---- the steps: the deal, the reservations, the exchange, then every event ----------
  buildSteps() {
    const steps = [{kind: "deal"}];
    const declared = this.declared();
    const reservations = Array.isArray(this.transcript.reservations) ? this.transcript.reservations : [];
    this.reservationStep = this.exchangeStep = null;
    if (reservations.length || (declared.type && declared.type !== "normal")) {
      this.reservationStep = steps.length;
      steps.push({kind: "reservations"});
    }
    if (declared.type === "poverty" && (Array.isArray(declared.passed) || Array.isArray(declared.offers))) {
      this.exchangeStep = steps.length;
      steps.push({kind: "exchange"});
    }
    this.firstEventStep = steps.length;
    for (const entry of this.events) steps.push({kind: "event", index: entry.index});
    this.steps = steps;
    // The step that shows each trick whole (its last card), for stepping by trick.
    this.trickEnds = [];
    for (const entry of this.cards) this.trickEnds[entry.trick] = this.firstEventStep + entry.index;
  }

  declared() {
    const game = this.transcript.game;
    return game && typeof game === "object" ? game : {};
  }

  eventStep(index) {
    return this.firstEventStep + index;
  }

  stepOf(violation) {
    const place = target(violation.pointer);
    if (place.kind === "event") return place.index < this.events.length ? this.eventStep(place.index) : null;
    if (place.kind === "reservation" || place.kind === "game") {
      if (this.exchangeStep !== null && /^\/game\/(passed|returned|offers|partner|trumps_returned)/.test(violation.pointer)) return this.exchangeStep;
      return this.reservationStep ?? 0;
    }
    if (place.kind === "hand") return 0;
    return null;
  }

  go(pos) {
    const next = Math.min(Math.max(pos, 0), this.steps.length - 1);
    if (next === this.pos) return;
    this.pos = next;
    this.render();
    this.container.querySelector(".step-label")?.focus({preventScroll: true});
    // Said by screen readers: a live region that stays while the view is redrawn.
    const live = document.getElementById("step-live");
    if (live) live.textContent = this.stepText(this.pos);
  }

  step(delta) {
    this.go(this.pos + delta);
  }

  // By trick: to the next (previous) trick shown whole; before the first, the last phase.
  stepTrick(delta) {
    const ends = this.trickEnds.filter(p => p !== undefined);
    if (delta > 0) {
      const next = ends.find(p => p > this.pos);
      this.go(next ?? this.steps.length - 1);
    } else {
      const before = ends.filter(p => p < this.pos);
      this.go(before.length ? before[before.length - 1] : Math.max(this.firstEventStep - 1, 0));
    }
  }

  // The keys of the table: ← → a card (or call), PageUp/PageDown or Shift+← → a trick,
  // Home and End. True where the key was one of them.
  key(event) {
    if (!this.result) return false;
    const byTrick = event.shiftKey || event.key === "PageUp" || event.key === "PageDown";
    if (event.key === "ArrowRight" || event.key === "PageDown") byTrick ? this.stepTrick(1) : this.step(1);
    else if (event.key === "ArrowLeft" || event.key === "PageUp") byTrick ? this.stepTrick(-1) : this.step(-1);
    else if (event.key === "Home") this.go(0);
    else if (event.key === "End") this.go(this.steps.length - 1);
    else return false;
    return true;
  }

  // ---- the game as it stands at a step ---------------------------------------------------
  stateAt(pos) {
    const step = this.steps[pos];
    const declared = this.declared();
    const upto = step.kind === "event" ? step.index : -1;
    const hands = [0, 1, 2, 3].map(seat => {
      const hand = this.transcript.hands?.[seat];
      return (Array.isArray(hand) ? hand : []).map((card, index) => ({card: String(card), index}));
    });
    if (this.exchangeStep !== null && pos >= this.exchangeStep) {
      const from = declared.declarer, to = declared.partner ?? this.result.game?.partner;
      if (hands[from] && hands[to]) {
        for (const card of Array.isArray(declared.passed) ? declared.passed : []) {
          if (removeOne(hands[from], card)) hands[to].push({card, index: null});
        }
        for (const card of Array.isArray(declared.returned) ? declared.returned : []) {
          if (removeOne(hands[to], card)) hands[from].push({card, index: null});
        }
      }
    }
    const calls = [[], [], [], []];
    let played = 0;
    for (const entry of this.events) {
      if (entry.index > upto) break;
      const seat = entry.event?.seat;
      const marked = this.marks.has(`event:${entry.index}`);
      if (entry.isCard) {
        played++;
        if (hands[seat]) removeOne(hands[seat], entry.event.card);
      } else if (calls[seat]) {
        const what = entry.event.announce !== undefined ? entry.event.announce : entry.event.show;
        calls[seat].push({what: String(what), show: entry.event.announce === undefined, marked, index: entry.index,
                          trick: entry.trick});
      }
    }
    const complete = Math.floor(played / 4);
    const points = {re: 0, contra: 0};
    for (const info of (this.result.tricks ?? []).slice(0, complete)) {
      const team = this.teamOf(info.winner);
      if (team) points[team] += info.points;
    }
    // The trick on the table: the one of the last card played, whole or in part.
    let trick = null;
    if (played) {
      const k = Math.floor((played - 1) / 4);
      const cards = this.cards.filter(e => e.trick === k && e.index <= upto)
        .map(e => ({seat: e.event.seat, card: e.event.card, index: e.index, lead: e.place === 0,
                    marked: this.marks.has(`event:${e.index}`)}));
      const info = cards.length === 4 ? this.result.tricks?.[k] : null;
      trick = {k, cards, info};
    }
    const key = gameKey(this.transcript, this.result, this.rules, upto + 1);
    for (const hand of hands) hand.sort((a, b) => key(a.card) - key(b.card));
    const next = this.events.find(e => e.isCard && e.index > upto);
    const toPlay = next ? next.event.seat
      : (this.result.legal_actions?.seat ?? null);
    return {step, upto, hands, calls, played, complete, points, trick, toPlay,
            teams: this.knownTeams(pos, upto, complete)};
  }

  teamOf(seat) {
    const game = this.result.game;
    if (!game) return null;
    return game.re?.includes(seat) ? "re" : game.contra?.includes(seat) ? "contra" : null;
  }

  // The teams as the table knows them at a step: a solo's and a poverty's from the game
  // on, a marriage's partner from the deciding trick, in a normal game a seat once it
  // played a ♣Q or called re or contra (and all once one team is known whole); all at
  // the end.
  knownTeams(pos, upto, complete) {
    const game = this.result.game;
    const known = [null, null, null, null];
    if (!game || game.type === "redeal") return known;
    const all = () => [0, 1, 2, 3].map(seat => this.teamOf(seat));
    if (complete >= this.trickCount && this.trickCount && this.cards.length >= this.trickCount * 4) return all();
    const afterGame = this.reservationStep !== null && pos >= this.reservationStep;
    if (game.type === "solo" || game.type === "poverty") {
      if (game.type === "solo" ? afterGame : pos >= (this.exchangeStep ?? this.reservationStep ?? 0) && pos > 0) return all();
      return known;
    }
    if (game.type === "marriage") {
      if (afterGame && game.declarer !== undefined) known[game.declarer] = "re";
      if (game.deciding_trick && complete >= game.deciding_trick) return all();
      return known;
    }
    if (game.type === "silent_marriage") return known;
    for (const entry of this.events) {
      if (entry.index > upto) break;
      const seat = entry.event?.seat;
      if (known[seat] === undefined) continue;
      if (entry.isCard && entry.event.card === "CQ") known[seat] = "re";
      // A call says its team (one the check refused says nothing).
      if (entry.event?.announce !== undefined && !this.marks.has(`event:${entry.index}`)) known[seat] = this.teamOf(seat);
    }
    for (const team of ["re", "contra"]) {
      const members = game[team] ?? [];
      if (members.length && members.every(seat => known[seat] === team)) return all();
    }
    return known;
  }

  name(seat) {
    const list = this.result.players ?? this.transcript.players;
    const name = Array.isArray(list) && typeof list[seat] === "string" ? list[seat] : null;
    return name ?? seatName(seat);
  }

  codeText(code) {
    const entry = this.codes[code];
    return entry ? entry[this.language()] ?? entry.en : code;
  }

  // The rule texts of a code, as a referee cites them.
  rule(code) {
    return citeRule(this.codes[code]?.sources, this.result?.ruleset);
  }

  render() {
    const root = clear(this.container);
    // A referee looks for the fault first: the verdict, the rulings, the table at the
    // fault, then the score.
    root.append(this.summary(), this.rulings(), this.noteList(), this.table(), this.score());
  }

  summary() {
    const r = this.result;
    const count = r.violations?.length ?? 0;
    const total = (this.transcript.hands ?? []).reduce((n, h) => n + (Array.isArray(h) ? h.length : 0), 0);
    const game = r.game;
    let gameText = "–";
    if (game) {
      gameText = t("kinds")[game.type] ?? game.type;
      if (game.solo) gameText += ` (${t("solo_names")[game.solo] ?? game.solo})`;
      if (game.declarer !== undefined && game.declarer !== null) gameText += `: ${this.name(game.declarer)}`;
    }
    const teams = game ? [
      el("span", {class: "team"}, `${t("re")}: ${game.re.map(s => this.name(s)).join(", ") || "–"}`),
      el("span", {class: "team"}, `${t("contra")}: ${game.contra.map(s => this.name(s)).join(", ") || "–"}`),
    ] : [];
    const spec = this.transcript.ruleset;
    const options = spec && typeof spec === "object" && spec.options && typeof spec.options === "object"
      ? Object.entries(spec.options) : [];
    const pack = total === 40 ? "pack_40" : total === 48 ? "pack_48" : null;
    return el("section", {class: "summary", "aria-labelledby": "summary-title"},
      el("h2", {id: "summary-title", class: count ? "verdict bad" : "verdict good", tabindex: "-1"},
         count === 1 ? t("invalid_1") : count ? t("invalid", {n: count}) : t("valid")),
      el("p", {class: "facts"},
        el("span", {}, `${t("ruleset")}: `, el("strong", {class: "ruleset-id", text: r.ruleset}),
           options.length ? el("span", {class: "ruleset-options",
             text: ` (${options.map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(", ")})`}) : null),
        pack ? el("span", {class: "pack"}, `${t("pack")}: ${t(pack)}`) : null,
        el("span", {}, `${t("game_played")}: ${gameText}`),
        el("span", {}, r.complete ? t("complete") : t("incomplete", {n: this.cards.length, m: total})),
        ...teams));
  }

  // ---- rulings ---------------------------------------------------------------------------
  where(v) {
    const place = target(v.pointer);
    const who = v.seat !== null && v.seat !== undefined ? `${this.name(v.seat)}, ` : "";
    if (place.kind === "event") {
      const entry = this.events[place.index];
      if (!entry) return `${who}${v.pointer}`;
      if (entry.beforeFirst) return `${who}${t("before_first")}`;
      return `${who}${t("trick")} ${entry.trick + 1}` + (entry.isCard
        ? `, ${t("nth_card", {n: entry.place + 1})} (${cardName(entry.event.card)})` : "");
    }
    if (place.kind === "reservation" || place.kind === "game") return `${who}${t("reservations")}`;
    return `${who}${v.pointer || "/"}`;
  }

  // The legal cards before each faulty card, as the core gives them for the game cut
  // just before it.
  async fetchLegal() {
    const transcript = this.transcript;
    for (const v of this.result.violations ?? []) {
      const place = target(v.pointer);
      const entry = place.kind === "event" ? this.events[place.index] : null;
      if (!entry?.isCard || this.legal.has(v.pointer)) continue;
      this.legal.set(v.pointer, "loading");
      const cut = {...transcript, play: transcript.play.slice(0, place.index)};
      delete cut.claimed;
      let cards = null;
      try {
        const {status, body} = await post("/v1/games/check", JSON.stringify(cut));
        if (status === 200 && body.legal_actions?.seat === entry.event.seat) cards = body.legal_actions.cards;
      } catch { /* shown without the legal cards */ }
      if (this.transcript !== transcript) return;
      this.legal.set(v.pointer, cards);
      const node = this.container.querySelector("#rulings");
      if (node) node.replaceWith(this.rulings());
    }
  }

  rulings() {
    const list = this.result.violations ?? [];
    if (!list.length) return "";
    return el("section", {class: "rulings", id: "rulings", "aria-labelledby": "rulings-title"},
      el("div", {class: "rulings-head"},
        el("h3", {id: "rulings-title", text: t("rulings")}),
        el("button", {type: "button", class: "print", onclick: () => window.print()}, t("print"))),
      el("ol", {class: "ruling-list"}, list.map((v, n) => this.ruling(v, n))));
  }

  ruling(v, n) {
    const place = target(v.pointer);
    const pos = this.stepOf(v);
    const entry = place.kind === "event" ? this.events[place.index] : null;
    let hand = "";
    if (pos !== null && v.seat !== null && v.seat !== undefined) {
      const before = this.stateAt(Math.max(entry ? pos - 1 : pos, 0));
      const legal = this.legal.get(v.pointer);
      const loading = legal === "loading" || (entry?.isCard && legal === undefined);
      const legalSet = new Set(Array.isArray(legal) ? legal : []);
      const faulty = entry?.isCard ? entry.event.card : null;
      let faultyShown = false;
      hand = el("div", {class: "ruling-hand", dataset: {ready: loading ? undefined : "true", seat: String(v.seat)}},
        el("p", {class: "hand-title"}, t(entry?.isCard ? "hand_before" : "hand_then", {name: this.name(v.seat)})),
        el("div", {class: "cards"}, before.hands[v.seat].map(({card}) => {
          const isFaulty = card === faulty && !faultyShown;
          if (isFaulty) faultyShown = true;
          const node = cardElement(card, {marked: isFaulty});
          if (legalSet.has(card)) {
            node.classList.add("legal");
            node.setAttribute("aria-label", `${node.getAttribute("aria-label")}, ${t("legal")}`);
            node.append(el("span", {class: "legal-flag", "aria-hidden": "true", text: "✓"}));
          }
          return node;
        })),
        Array.isArray(legal) ? el("p", {class: "legal-line"}, `${t("legal_were")}: `,
          legal.length ? legal.map(c => cardElement(c)) : t("none")) : "");
    }
    return el("li", {class: "ruling", id: `ruling-${n}`, dataset: {violation: String(n)}},
      el("h4", {}, el("span", {class: "flag-text", text: `⚠ ${this.codeText(v.code)}`}), ` — ${this.where(v)}`),
      el("p", {class: "message", text: v.message}),
      hand,
      el("p", {class: "consequence"}, el("strong", {text: `${t("consequence")}: `}), this.consequence(v)),
      pos !== null ? el("p", {class: "ruling-links"},
        el("a", {href: `#play-${place.index ?? place.kind}`, class: "to-card", dataset: {violation: String(n)},
                 onclick: (event) => { event.preventDefault(); this.jump(v); }},
          t(entry?.isCard ? "show_card" : "show_place"))) : "");
  }

  // What follows from a violation, in plain words: who gets what, under which rule, in
  // place of what.
  consequence(v) {
    const r = this.result;
    const items = r.score?.items ?? [];
    const rule = this.rule(v.code);
    const penalty = items.find(i => PENALTIES.has(i.code) && (i.seat === v.seat || i.seat === undefined));
    if (penalty && r.score) {
      const payers = r.score.scores.map((s, seat) => [seat, s]).filter(([, s]) => s < 0);
      const receivers = r.score.scores.map((s, seat) => [seat, s]).filter(([, s]) => s > 0);
      const cp = r.card_points;
      return t("cons_penalty", {
        pays: this.paysText(payers, receivers),
        rule: this.rule(penalty.code) || rule,
        played: cp ? t("cons_played_points", {re: cp.re, contra: cp.contra}) : "",
      });
    }
    const black = items.find(i => i.code === "revoke_lost_as_black");
    if (black && v.code === "follow_suit") {
      return t("cons_black", {team: t(this.teamOf(v.seat) ?? "re"), value: r.score.value, rule: this.rule(black.code)});
    }
    if (v.code.startsWith("announcement_") || v.code === "show_not_allowed" || v.code.startsWith("swines_")) {
      const what = this.events[target(v.pointer).index]?.event;
      const said = what?.announce !== undefined ? callName(what.announce) : callName(what?.show ?? "");
      return t(what?.show !== undefined ? "cons_show" : "cons_call", {call: said, rule});
    }
    if (!r.score) return t("cons_unfinished", {rule});
    return t("cons_other", {rule, value: r.score.value});
  }

  paysText(payers, receivers) {
    const pay = payers.map(([seat, s]) => t("pays", {name: this.name(seat), n: -s}));
    const amounts = new Set(receivers.map(([, s]) => s));
    const get = amounts.size === 1
      ? t(receivers.length === 1 ? "receives" : "receive_each", {names: names(receivers.map(([seat]) => this.name(seat))), n: [...amounts][0]})
      : names(receivers.map(([seat, s]) => t("receives", {names: this.name(seat), n: s})));
    return [names(pay), get].filter(Boolean).join("; ");
  }

  jump(violation) {
    const pos = this.stepOf(violation);
    if (pos === null) return;
    this.pos = pos;
    this.render();
    const node = this.container.querySelector(".table .card.marked, .table .marked")
      ?? this.container.querySelector(".table");
    node.setAttribute("tabindex", "-1");
    node.scrollIntoView({block: "center"});
    node.focus({preventScroll: true});
  }

  noteList() {
    const list = this.result.notes ?? [];
    if (!list.length) return "";
    return el("section", {class: "notes"}, el("h3", {text: t("notes")}),
      el("ul", {}, list.map(n => el("li", {},
        el("strong", {text: `ℹ ${this.codeText(n.code)}`}), ": ", el("span", {text: n.message})))));
  }

  // ---- the table -------------------------------------------------------------------------
  table() {
    const st = this.stateAt(this.pos);
    const step = st.step;
    const five = this.sitsOut ? el("div", {class: "seat out-seat"},
      el("p", {class: "seat-name"}, el("strong", {text: this.sitsOut}), " ",
         el("span", {class: "badge", text: t("sits_out")}))) : "";
    return el("section", {class: "table-view", "aria-labelledby": "table-title"},
      el("h3", {id: "table-title", text: t("table")}),
      el("div", {class: `table${five ? " five" : ""}`, dataset: {step: String(this.pos), kind: step.kind,
                                                      event: step.kind === "event" ? String(step.index) : undefined}},
        [0, 1, 2, 3].map(seat => this.seatBox(seat, st)),
        el("div", {class: "center"}, this.center(st)),
        five),
      this.navigation(st));
  }

  seatBox(seat, st) {
    const game = this.result.game;
    const badges = [];
    const team = st.teams[seat];
    if (team) badges.push(el("span", {class: `badge team-${team}`, text: t(team)}));
    if (seat === this.transcript.dealer) badges.push(el("span", {class: "badge dealer", text: t("dealer")}));
    const reservation = this.reservationOf(seat);
    if (reservation && this.reservationStep !== null && this.pos >= this.reservationStep
        && (this.pos === this.reservationStep || reservation.reservation !== "healthy")) {
      const said = t("reservation_names")[reservation.reservation] ?? reservation.reservation;
      badges.push(el("span", {class: "badge reservation", text: said}));
    }
    if (game?.declarer === seat && ["solo", "marriage", "poverty"].includes(game.type) && this.pos >= (this.reservationStep ?? Infinity)) {
      badges.push(el("span", {class: "badge declarer", text: t("declarer")}));
    }
    for (const call of st.calls[seat]) {
      badges.push(el("span", {class: `badge call${call.show ? " show" : ""}${call.marked ? " marked" : ""}`,
                              title: call.marked ? t("not_counted") : undefined, dataset: {event: String(call.index)}},
        `${call.show ? `${t("shows")} ` : ""}${callName(call.what)}${call.marked ? " ⚠" : ""}`));
    }
    const turn = st.toPlay === seat && st.played < this.trickCount * 4;
    const held = st.hands[seat];
    return el("div", {class: `seat place-${PLACES[seat]}${turn ? " turn" : ""}`, dataset: {seat: String(seat)},
                      "aria-label": this.name(seat)},
      el("p", {class: "seat-name"}, el("strong", {text: this.name(seat)}),
         turn ? el("span", {class: "badge turn-badge", text: t("turn")}) : "", " ", badges),
      el("div", {class: "hand cards", role: "group", "aria-label": t("hand_of", {name: this.name(seat), n: held.length})},
        held.length ? held.map(({card, index}) => {
          const marks = [...(this.marks.get(`hand:${seat}:${index}`) ?? []), ...(this.marks.get(`hand:${seat}:null`) ?? [])];
          return cardElement(card, {marked: index !== null && marks.length > 0});
        }) : el("span", {class: "empty", text: t("no_cards")})));
  }

  reservationOf(seat) {
    const list = Array.isArray(this.transcript.reservations) ? this.transcript.reservations : [];
    return list.find(r => r?.seat === seat) ?? null;
  }

  center(st) {
    const step = st.step;
    const parts = [];
    if (step.kind === "deal") {
      parts.push(el("p", {class: "phase-title", text: t("phase_deal")}),
                 el("p", {class: "hint", text: t("dealt_by", {name: this.name(this.transcript.dealer)})}));
    } else if (step.kind === "reservations") {
      parts.push(this.reservationPhase());
    } else if (step.kind === "exchange") {
      parts.push(this.exchangePhase());
    } else {
      parts.push(this.trickPhase(st));
    }
    parts.push(el("p", {class: "running", dataset: {re: String(st.points.re), contra: String(st.points.contra)}},
      `${t("card_points")}: `, el("strong", {text: `${t("re")} ${st.points.re}`}), " · ",
      el("strong", {text: `${t("contra")} ${st.points.contra}`})));
    return parts;
  }

  reservationPhase() {
    const list = Array.isArray(this.transcript.reservations) ? this.transcript.reservations : null;
    const reservationNames = t("reservation_names");
    const declared = this.declared();
    const gameMarks = [...(this.marks.get("game") ?? [])];
    return el("div", {class: "phase reservations"},
      el("p", {class: "phase-title", text: t("reservations")}),
      list?.length ? el("ol", {class: "asked"}, list.map((r, i) => {
        const marks = this.marks.get(`reservation:${i}`) ?? [];
        const said = reservationNames[r?.reservation] ?? r?.reservation;
        return el("li", {class: marks.length ? "marked" : ""},
          `${this.name(r?.seat)}: `, el("strong", {text: said}),
          r?.solo ? ` (${t("solo_names")[r.solo] ?? r.solo})` : "",
          marks.map(v => el("span", {class: "flag-text", text: ` ⚠ ${this.codeText(v.code)}`})));
      })) : el("p", {class: "hint", text: t("no_reservations")}),
      el("p", {class: `declared${gameMarks.length ? " marked" : ""}`},
        `${t("game_played")}: `, el("strong", {text: t("kinds")[declared.type] ?? declared.type ?? t("kinds").normal}),
        declared.solo ? ` (${t("solo_names")[declared.solo] ?? declared.solo})` : "",
        declared.declarer !== undefined ? `, ${t("declarer")}: ${this.name(declared.declarer)}` : "",
        gameMarks.map(v => el("span", {class: "flag-text", text: ` ⚠ ${this.codeText(v.code)}`}))));
  }

  exchangePhase() {
    const g = this.declared();
    const partner = g.partner ?? this.result.game?.partner;
    const offers = Array.isArray(g.offers) ? g.offers : [];
    const marks = this.marks.get("game") ?? [];
    return el("div", {class: `phase exchange${marks.length ? " marked" : ""}`},
      el("p", {class: "phase-title", text: t("poverty_exchange")}),
      Array.isArray(g.passed) ? el("p", {class: "passed"},
        t("passes", {from: this.name(g.declarer), to: partner !== undefined ? this.name(partner) : "?", n: g.passed.length}), " ",
        g.passed.map(c => cardElement(c))) : "",
      offers.length ? el("ol", {class: "offers"}, offers.map(o => el("li", {},
        `${this.name(o.seat)}: `, el("strong", {text: t(o.accept ? "accepts" : "declines")})))) : "",
      Array.isArray(g.returned) ? el("p", {class: "returned"},
        t("returns", {from: partner !== undefined ? this.name(partner) : "?", to: this.name(g.declarer), n: g.returned.length}), " ",
        g.returned.map(c => cardElement(c)),
        g.trumps_returned !== undefined ? ` (${t("trumps_returned", {n: String(g.trumps_returned)})})` : "") : "",
      marks.map(v => el("p", {class: "flag-text", text: `⚠ ${this.codeText(v.code)} — ${v.message}`})));
  }

  trickPhase(st) {
    const entry = this.events[st.step.index];
    const game = this.result.game;
    const trick = st.trick;
    const slots = PLACES.map((place, seat) => {
      const played = trick?.cards.find(c => c.seat === seat);
      const wins = trick?.info && trick.info.winner === seat;
      return el("div", {class: `slot slot-${place}${wins ? " winner" : ""}`, dataset: {seat: String(seat)}},
        played ? [cardElement(played.card, {marked: played.marked, attrs: {dataset: {card: played.card, event: String(played.index)}}}),
                  el("span", {class: "slot-name"}, this.name(seat), played.lead ? ` · ${t("leads")}` : "", wins ? " ★" : "")] : "");
    });
    const marks = this.marks.get(`event:${entry.index}`) ?? [];
    const seat = entry.event?.seat;
    let said;
    if (entry.isCard) said = t(entry.place === 0 ? "event_leads" : "event_plays", {name: this.name(seat), card: cardName(entry.event.card)});
    else if (entry.event?.announce !== undefined) said = t("event_calls", {name: this.name(seat), call: callName(entry.event.announce)});
    else said = t("event_shows", {name: this.name(seat), what: callName(entry.event?.show ?? "?")});
    const lines = [el("p", {class: `last-event${marks.length ? " marked" : ""}`}, said,
      marks.map(v => el("span", {class: "flag-text", text: ` ⚠ ${this.codeText(v.code)} — ${v.message}`})))];
    if (trick?.info) {
      lines.push(el("p", {class: "trick-won"}, t("trick_won", {name: this.name(trick.info.winner), n: trick.info.points})));
      if (game?.type === "marriage" && game.deciding_trick === trick.k + 1) {
        lines.push(el("p", {class: "deciding"}, `⚭ ${t("deciding", {n: trick.k + 1, name: this.name(game.partner), declarer: this.name(game.declarer)})}`));
      }
    }
    return el("div", {class: "phase trick-phase"},
      el("div", {class: "trick-cross", "aria-label": trick ? t("trick_n", {n: trick.k + 1, m: this.trickCount}) : t("before_first")}, slots),
      lines);
  }

  stepText(pos) {
    const step = this.steps[pos];
    if (step.kind === "deal") return t("phase_deal");
    if (step.kind === "reservations") return t("reservations");
    if (step.kind === "exchange") return t("poverty_exchange");
    const entry = this.events[step.index];
    if (!entry.isCard) {
      return entry.beforeFirst ? t("before_first") : t("call_in_trick", {n: entry.trick + 1, m: this.trickCount});
    }
    return t("trick_card", {n: entry.trick + 1, m: this.trickCount, k: entry.place + 1});
  }

  navigation(st) {
    const last = this.steps.length - 1;
    const markedTricks = new Set();
    for (const key of this.marks.keys()) {
      if (key.startsWith("event:")) markedTricks.add(this.events[Number(key.slice(6))]?.trick);
    }
    const deciding = this.result.game?.type === "marriage" ? this.result.game.deciding_trick : null;
    const currentTrick = st.step.kind === "event" ? this.events[st.step.index].trick : null;
    const phases = [["deal", 0]];
    if (this.reservationStep !== null) phases.push(["reservations", this.reservationStep]);
    if (this.exchangeStep !== null) phases.push(["poverty_exchange", this.exchangeStep]);
    const phaseMarked = (pos) => (this.result.violations ?? []).some(v => target(v.pointer).kind !== "event" && this.stepOf(v) === pos);
    const button = (cls, key, onclick, disabled) => el("button", {type: "button", class: cls, disabled, onclick,
                                                               "aria-label": t(key), title: t(key)}, t(`${key}_short`));
    return el("div", {class: "table-nav"},
      el("div", {class: "step-buttons"},
        button("first", "to_start", () => this.go(0), this.pos === 0),
        button("prev-trick", "prev_trick", () => this.stepTrick(-1), this.pos === 0),
        button("prev", "prev_card", () => this.step(-1), this.pos === 0),
        el("span", {class: "step-label", tabindex: "-1"}, this.stepText(this.pos)),
        button("next", "next_card", () => this.step(1), this.pos === last),
        button("next-trick", "next_trick", () => this.stepTrick(1), this.pos === last),
        button("last", "to_end", () => this.go(last), this.pos === last)),
      el("ol", {class: "trick-strip", "aria-label": t("steps")},
        phases.map(([key, pos]) => el("li", {}, el("button", {type: "button",
          class: `strip phase-button${this.pos === pos ? " current" : ""}${phaseMarked(pos) ? " marked" : ""}`,
          "aria-current": this.pos === pos ? "step" : undefined, onclick: () => this.go(pos)},
          `${t(key)}${phaseMarked(pos) ? " ⚠" : ""}`))),
        Array.from({length: this.trickCount}, (_, k) => {
          const end = this.trickEnds[k];
          const marked = markedTricks.has(k);
          const current = currentTrick === k;
          return el("li", {}, el("button", {type: "button", disabled: end === undefined,
            class: `strip trick-button${current ? " current" : ""}${marked ? " marked" : ""}${deciding === k + 1 ? " deciding" : ""}`,
            "aria-current": current ? "step" : undefined,
            "aria-label": `${t("trick_n", {n: k + 1, m: this.trickCount})}${marked ? " ⚠" : ""}${deciding === k + 1 ? `, ${t("deciding_short")}` : ""}`,
            onclick: () => this.go(end)},
            `${k + 1}${marked ? "⚠" : ""}${deciding === k + 1 ? "⚭" : ""}`));
        })),
      el("p", {class: "hint keys", text: t("keys_hint")}));
  }

  // ---- the score -------------------------------------------------------------------------
  score() {
    const r = this.result;
    const section = el("section", {class: "score"}, el("h3", {text: t("score")}));
    if (!r.score) {
      section.append(el("p", {text: t("no_score")}));
      const next = r.legal_actions;
      if (next && next.seat !== null && next.seat !== undefined) {
        section.append(el("p", {class: "next"}, t("next_to_play", {name: this.name(next.seat)}), " ",
                          next.cards.map(card => cardElement(card))));
      }
      return section;
    }
    const diffs = new Map((r.claimed?.differences ?? []).map(d => [d.field, d]));
    const side = r.winner ?? "re";
    const items = r.score.items.filter(i => !PENALTIES.has(i.code));
    const penalties = r.score.items.filter(i => PENALTIES.has(i.code));
    const signed = item => (item.team === side ? 1 : -1) * item.points;
    const sum = items.reduce((n, item) => n + signed(item), 0);
    const show = n => (n > 0 ? `+${n}` : String(n));
    const winnerText = r.winner ? t(r.winner) : t("nobody");
    section.append(
      el("p", {}, `${t("winner")}: `, el("strong", {text: winnerText}),
        r.card_points ? ` — ${t("card_points")}: ${t("re")} ${r.card_points.re}, ${t("contra")} ${r.card_points.contra}` : ""),
      items.length ? el("div", {class: "table-scroll"}, el("table", {class: "items"},
        el("thead", {}, el("tr", {}, el("th", {text: t("item")}), el("th", {text: t("team")}),
                                   el("th", {text: t("trick")}),
                                   el("th", {class: "num", text: r.winner ? t("signed_winners", {team: t(side)}) : t("signed_re")}))),
        el("tbody", {}, items.map(item => el("tr", {class: item.team === side ? "plus" : "minus"},
          el("td", {}, this.codeText(item.code), item.seat !== undefined ? ` (${this.name(item.seat)})` : "",
             item.factor ? ` ×${item.factor}` : ""),
          el("td", {text: t(item.team)}), el("td", {text: item.trick ?? ""}),
          el("td", {class: "num signed", text: show(signed(item))})))),
        el("tfoot", {},
          el("tr", {class: "sum"}, el("th", {colspan: "3", text: t("sum")}), el("td", {class: "num", text: show(sum)})),
          el("tr", {}, el("th", {colspan: "3", text: t("multiplier")}), el("td", {class: "num", text: `×${r.score.multiplier}`})),
          el("tr", {}, el("th", {colspan: "3", text: t("value")}), el("td", {class: "num value"},
            String(r.score.value), diffs.has("value") ? el("span", {class: "claim-diff", text: ` (${t("claimed")}: ${JSON.stringify(diffs.get("value").claimed)})`}) : ""))))) : "",
      penalties.length ? el("div", {class: "penalty"},
        el("p", {}, el("strong", {text: `${t("penalty")}: `}),
          this.paysText(r.score.scores.map((s, seat) => [seat, s]).filter(([, s]) => s < 0),
                        r.score.scores.map((s, seat) => [seat, s]).filter(([, s]) => s > 0)),
          ` — ${t("in_place")} (${penalties.map(p => this.rule(p.code)).join(", ")}).`),
        !items.length ? el("p", {}, `${t("value")}: `, el("span", {class: "value", text: String(r.score.value)}),
          diffs.has("value") ? el("span", {class: "claim-diff", text: ` (${t("claimed")}: ${JSON.stringify(diffs.get("value").claimed)})`}) : "") : "") : "",
      this.seatTable(diffs),
      this.claimLine(diffs));
    return section;
  }

  seatTable(diffs) {
    const r = this.result;
    const claimedScores = diffs.get("scores")?.claimed;
    const team = seat => this.teamOf(seat) ? t(this.teamOf(seat)) : "";
    return el("table", {class: "seats"},
      el("thead", {}, el("tr", {}, el("th", {text: t("player")}), el("th", {text: t("team")}),
        el("th", {class: "num", text: t("computed")}),
        Array.isArray(claimedScores) ? el("th", {class: "num", text: t("claimed")}) : "")),
      el("tbody", {}, r.score.scores.map((points, seat) => {
        const claimed = Array.isArray(claimedScores) ? claimedScores[seat] : undefined;
        const differs = claimed !== undefined && claimed !== points;
        return el("tr", {class: differs ? "differs" : ""},
          el("td", {text: this.name(seat)}), el("td", {text: team(seat)}),
          el("td", {class: "num", text: points > 0 ? `+${points}` : String(points)}),
          claimed !== undefined ? el("td", {class: "num", text: `${claimed}${differs ? " ✖" : ""}`}) : "");
      })));
  }

  claimLine(diffs) {
    const claim = this.result.claimed;
    if (!claim) return "";
    if (claim.agrees) return el("p", {class: "claim good", text: t("claim_agrees")});
    return el("div", {class: "claim bad"}, el("p", {}, el("strong", {text: t("claim_differs")})),
      el("div", {class: "table-scroll"}, el("table", {class: "claim-table"},
        el("thead", {}, el("tr", {}, el("td"), el("th", {scope: "col", text: t("claimed")}), el("th", {scope: "col", text: t("computed")}))),
        el("tbody", {}, [...diffs.values()].map(d => el("tr", {},
          el("th", {scope: "row", text: t(FIELD_LABELS[d.field] ?? d.field)}), el("td", {text: this.shown(d.claimed)}),
          el("td", {text: this.shown(d.computed)})))))));
  }

  // A claimed or computed figure as a referee reads it: teams named, seats by name.
  shown(value) {
    if (value === null || value === undefined) return "–";
    if (value === "re" || value === "contra") return t(value);
    if (Array.isArray(value)) return value.map((v, seat) => `${this.name(seat)} ${v > 0 ? "+" : ""}${v}`).join(", ");
    if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${t(k)} ${v}`).join(", ");
    return String(value);
  }
}
