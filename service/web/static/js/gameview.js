// One checked game at the table: the verdict, a ruling for each violation, the four (or
// five) seats around the table with their hands as held at the step shown, the trick in
// the middle, stepped card by card and trick by trick, and the score sheet.
import { cardElement } from "./cards.js";
import { clear, el } from "./dom.js";
import { callName, citeRule, language, seatName, t } from "./i18n.js";
import { gameKey } from "./order.js";
import { PLACES, Phases } from "./phases.js";
import { Rulings } from "./rulings.js";
import { ScoreSheet } from "./scoresheet.js";
import { target, timeline } from "./timeline.js";
import { TrickGrid } from "./tricks.js";

export { target, timeline };

function removeOne(hand, card) {
  const k = hand.findIndex(c => c.card === card);
  if (k >= 0) return hand.splice(k, 1)[0];
  return null;
}

export class GameView {
  // onStep(pos): told each step the reader moves to (the address carries it).
  constructor(container, {codes = {}, language: lang = language, onStep = null} = {}) {
    this.container = container;
    this.onStep = onStep;
    this.codes = codes;
    this.language = lang;
    this.pos = 0;
    this.transcript = null;
    this.result = null;
    this.legal = new Map();  // violation pointer -> legal cards before it ("loading", null)
  }

  // `rules`: the ruleset's dollen and with_nines (the order of the hands); `at`: "end" to
  // open at the last step, a number at that step; `sitsOut`: the fifth player's name, at a table of five.
  // `dealer`: the list's dealer by name (at a table of five the one sitting out); `where`:
  // which game of which list, for the printout.
  show(transcript, result, rules = {}, {at, sitsOut, dealer, where} = {}) {
    const same = transcript === this.transcript;
    this.transcript = transcript;
    this.result = result;
    this.rules = rules;
    this.sitsOut = sitsOut ?? null;
    this.dealerOut = Boolean(this.sitsOut && dealer === this.sitsOut);
    this.printWhere = where ?? null;
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
      this.pos = at === "end" ? this.steps.length - 1 : Number.isInteger(at) ? Math.max(at, 0)
        : first.length ? Math.min(...first) : 0;
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
    // The control pressed keeps the focus in the view drawn anew (one now disabled hands
    // it to the step's label); keys pressed elsewhere leave it where it was.
    const control = document.activeElement?.closest?.("[data-control]")?.dataset.control;
    this.pos = next;
    this.render();
    if (control) {
      const again = this.container.querySelector(`.table-nav [data-control="${control}"]`);
      (again && !again.disabled ? again : this.container.querySelector(".step-label"))?.focus({preventScroll: true});
    }
    this.onStep?.(this.pos);
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
    root.append(this.summary(), this.rulings(), this.noteList(), this.table(), this.trickOverview(), this.score());
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
        ...teams),
      // For the printout: which game, who played, when it was printed.
      el("p", {class: "print-head"}, [`${t("game_played")}: ${gameText}`, this.printWhere,
        `${t("players")}: ${[0, 1, 2, 3].map(s => this.name(s)).join(", ")}${this.sitsOut ? ` (${this.sitsOut}: ${t("sits_out")})` : ""}`,
        `${t("printed")}: ${new Date().toLocaleDateString(this.language() === "de" ? "de-DE" : "en-GB", {dateStyle: "long"})}`]
        .filter(Boolean).join(" · ")));
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
         el("span", {class: "badge", text: t("sits_out")}),
         this.dealerOut ? [" ", el("span", {class: "badge dealer", text: t("dealer")})] : "")) : "";
    return el("section", {class: "table-view", "aria-labelledby": "table-title"},
      el("h3", {id: "table-title", text: t("table")}),
      this.navigation(st),
      el("div", {class: `table${five ? " five" : ""}`, dataset: {step: String(this.pos), kind: step.kind,
                                                      event: step.kind === "event" ? String(step.index) : undefined}},
        [0, 1, 2, 3].map(seat => this.seatBox(seat, st)),
        el("div", {class: "center"}, this.center(st)),
        five),
      el("p", {class: "hint keys", text: t("keys_hint")}));
  }

  seatBox(seat, st) {
    const game = this.result.game;
    const badges = [];
    const team = st.teams[seat];
    if (team) badges.push(el("span", {class: `badge team-${team}`, text: t(team)}));
    if (seat === this.transcript.dealer && !this.dealerOut) badges.push(el("span", {class: "badge dealer", text: t("dealer")}));
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
}

// The parts kept in modules of their own become the view's methods.
for (const part of [Rulings, Phases, ScoreSheet, TrickGrid]) {
  for (const name of Object.getOwnPropertyNames(part.prototype)) {
    if (name !== "constructor") Object.defineProperty(GameView.prototype, name, Object.getOwnPropertyDescriptor(part.prototype, name));
  }
}
