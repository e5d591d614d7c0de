// One checked game: summary, violations (each marked where it points), the deal, the
// reservations, the tricks one by one with the calls where they were made, the score.
import { cardElement, cardName } from "./cards.js";
import { clear, el } from "./dom.js";
import { callName, t } from "./i18n.js";
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

// The play's events with the trick each belongs to (a call belongs to the trick being played).
export function timeline(play) {
  let cards = 0;
  return (Array.isArray(play) ? play : []).map((event, index) => {
    const isCard = event && typeof event === "object" && "card" in event;
    const trick = Math.floor(cards / 4);
    const entry = {index, event, isCard, trick, beforeFirst: cards === 0 && !isCard};
    if (isCard) cards++;
    return entry;
  });
}

const FIELD_LABELS = {winner: "winner", value: "value", scores: "seat_scores",
                      card_points: "card_points", valid: "validity"};

export class GameView {
  constructor(container, {codes = {}, language = () => "en"} = {}) {
    this.container = container;
    this.codes = codes;
    this.language = language;
    this.current = 0;
    this.transcript = null;
    this.result = null;
  }

  // `rules`: the ruleset's dollen and with_nines, for the order of the hands.
  show(transcript, result, rules = {}) {
    this.transcript = transcript;
    this.result = result;
    this.rules = rules;
    this.events = timeline(transcript.play);
    const cardCount = this.events.filter(e => e.isCard).length;
    this.trickCount = Math.max(result.tricks?.length ?? 0, Math.ceil(cardCount / 4));
    this.marks = new Map();  // event index / "hand:s:i" / "reservation:i" / "game" -> violations
    for (const violation of result.violations ?? []) {
      const where = target(violation.pointer);
      const key = where.kind === "event" ? `event:${where.index}`
        : where.kind === "hand" ? `hand:${where.seat}:${where.index}`
        : where.kind === "reservation" ? `reservation:${where.index}`
        : where.kind;
      if (!this.marks.has(key)) this.marks.set(key, []);
      this.marks.get(key).push(violation);
    }
    const firstMarked = (result.violations ?? []).map(v => target(v.pointer)).find(w => w.kind === "event");
    this.current = firstMarked ? this.trickOf(firstMarked.index) : 0;
    this.render();
  }

  rerender() {
    if (this.result) this.render();
  }

  trickOf(eventIndex) {
    const entry = this.events[eventIndex];
    return entry ? Math.min(entry.trick, Math.max(this.trickCount - 1, 0)) : 0;
  }

  name(seat) {
    const names = this.result.players ?? this.transcript.players;
    const name = Array.isArray(names) && typeof names[seat] === "string" ? names[seat] : null;
    return name ?? `${t("seat")} ${seat}`;
  }

  codeText(code) {
    const entry = this.codes[code];
    return entry ? entry[this.language()] ?? entry.en : code;
  }

  render() {
    const root = clear(this.container);
    // A referee looks for the fault first: the verdict, the faults, the trick they are
    // in, then the hands as they were before that trick, and the score.
    root.append(this.summary(), this.violationList(), this.noteList(), this.tricks(),
                this.deal(), this.reservations(), this.announcements(), this.score());
  }

  summary() {
    const r = this.result;
    const count = r.violations?.length ?? 0;
    const cards = this.events.filter(e => e.isCard).length;
    const total = (this.transcript.hands ?? []).reduce((n, h) => n + (Array.isArray(h) ? h.length : 0), 0);
    const game = r.game;
    let gameText = "–";
    if (game) {
      gameText = t("kinds")[game.type] ?? game.type;
      if (game.solo) gameText += ` (${game.solo})`;
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
        el("span", {}, r.complete ? t("complete") : t("incomplete", {n: cards, m: total})),
        ...teams));
  }

  violationList() {
    const list = this.result.violations ?? [];
    if (!list.length) return "";
    return el("section", {class: "violations", id: "violations"},
      el("h3", {text: t("violations")}),
      el("ol", {}, list.map((v, n) => el("li", {},
        el("button", {type: "button", class: "jump", dataset: {violation: String(n)},
                      onclick: () => this.jump(v)},
          el("strong", {text: `⚠ ${this.codeText(v.code)}`}),
          ` — ${this.where(v)}: `,
          el("span", {class: "message", text: v.message}))))));
  }

  where(v) {
    const place = target(v.pointer);
    const who = v.seat !== null && v.seat !== undefined ? `${this.name(v.seat)}, ` : "";
    if (place.kind === "event") {
      const entry = this.events[place.index];
      return `${who}${t("trick")} ${this.trickOf(place.index) + 1}${entry && entry.isCard ? ` (${cardName(entry.event.card)})` : ""}`;
    }
    return `${who}${v.pointer || "/"}`;
  }

  jump(violation) {
    const place = target(violation.pointer);
    let selector = null;
    if (place.kind === "event") {
      this.current = this.trickOf(place.index);
      this.render();
      selector = `[data-event="${place.index}"]`;
    } else if (place.kind === "hand") {
      selector = `.hand[data-seat="${place.seat}"]`;
    } else if (place.kind === "reservation" || place.kind === "game") {
      selector = ".reservations";
    }
    const node = selector && this.container.querySelector(selector);
    if (node) {
      node.setAttribute("tabindex", "-1");
      node.scrollIntoView({block: "center"});
      node.focus({preventScroll: true});
    }
  }

  noteList() {
    const list = this.result.notes ?? [];
    if (!list.length) return "";
    return el("section", {class: "notes"}, el("h3", {text: t("notes")}),
      el("ul", {}, list.map(n => el("li", {},
        el("strong", {text: `ℹ ${this.codeText(n.code)}`}), ": ", el("span", {text: n.message})))));
  }

  // The cards each seat had played before the shown trick (to grey them in the deal).
  playedBefore(trick) {
    const played = [[], [], [], []];
    for (const entry of this.events) {
      if (entry.isCard && entry.trick < trick && played[entry.event.seat]) played[entry.event.seat].push(entry.event.card);
    }
    return played;
  }

  deal() {
    const hands = Array.isArray(this.transcript.hands) ? this.transcript.hands : [];
    const played = this.playedBefore(this.current);
    // Sorted as held before the shown trick's first card (swines shown by then on top).
    const first = this.events.find(e => e.isCard && e.trick === this.current);
    const key = gameKey(this.transcript, this.result, this.rules, first ? first.index : Infinity);
    return el("section", {class: "deal"}, el("h3", {text: t("deal")}), el("p", {class: "hint", text: t("deal_hint", {n: this.current + 1})}),
      el("div", {class: "hands"}, hands.map((hand, seat) => {
        const gone = [...(played[seat] ?? [])];
        const cards = (Array.isArray(hand) ? hand : []).map((card, index) => ({card, index}))
          .sort((a, b) => key(a.card) - key(b.card));
        const seen = new Map();
        return el("div", {class: "hand", dataset: {seat: String(seat)}},
          el("h4", {}, `${this.name(seat)} `, el("small", {text: `(${t("seat")} ${seat}${seat === this.transcript.dealer ? `, ${t("dealer")}` : ""})`})),
          el("div", {class: "cards"}, cards.map(({card, index}) => {
            const k = gone.indexOf(card);
            const isPlayed = k >= 0;
            if (isPlayed) gone.splice(k, 1);
            const marks = [...(this.marks.get(`hand:${seat}:${index}`) ?? []), ...(this.marks.get(`hand:${seat}:null`) ?? [])];
            seen.set(card, true);
            return cardElement(card, {marked: marks.length > 0, played: isPlayed});
          })));
      })));
  }

  reservations() {
    const list = Array.isArray(this.transcript.reservations) ? this.transcript.reservations : null;
    const names = t("reservation_names");
    const items = list ? list.map((r, i) => {
      const marks = this.marks.get(`reservation:${i}`) ?? [];
      const said = names[r.reservation] ?? r.reservation;
      return el("li", {class: marks.length ? "marked" : ""},
        `${this.name(r.seat)}: ${said}${r.solo ? ` (${r.solo})` : ""}`,
        marks.map(v => el("span", {class: "flag-text", text: ` ⚠ ${this.codeText(v.code)}`})));
    }) : [el("li", {text: t("no_reservations")})];
    const gameMarks = this.marks.get("game") ?? [];
    const declared = this.transcript.game ?? {};
    return el("section", {class: "reservations"}, el("h3", {text: t("reservations")}),
      el("ul", {}, items),
      el("p", {class: gameMarks.length ? "marked" : ""},
        `${t("game_played")}: ${t("kinds")[declared.type] ?? declared.type ?? "–"}`,
        declared.solo ? ` (${declared.solo})` : "",
        declared.declarer !== undefined ? `, ${t("declarer")}: ${this.name(declared.declarer)}` : "",
        gameMarks.map(v => el("span", {class: "flag-text", text: ` ⚠ ${this.codeText(v.code)}`}))));
  }

  step(delta) {
    const next = Math.min(Math.max(this.current + delta, 0), Math.max(this.trickCount - 1, 0));
    if (next !== this.current) {
      this.current = next;
      this.render();
      this.container.querySelector(".trick-label")?.focus({preventScroll: true});
    }
  }

  tricks() {
    const section = el("section", {class: "tricks", "aria-labelledby": "tricks-title"},
      el("h3", {id: "tricks-title", text: t("tricks")}));
    if (!this.trickCount) {
      const before = this.events.filter(e => !e.isCard);
      if (before.length) section.append(this.eventList(before));
      return section;
    }
    const markedTricks = new Set();
    for (const key of this.marks.keys()) {
      if (key.startsWith("event:")) markedTricks.add(this.trickOf(Number(key.slice(6))));
    }
    section.append(
      el("div", {class: "trick-nav"},
        el("button", {type: "button", class: "prev", disabled: this.current === 0, onclick: () => this.step(-1)}, t("prev")),
        el("span", {class: "trick-label", tabindex: "-1", "aria-live": "polite"},
           t("trick_n", {n: this.current + 1, m: this.trickCount})),
        el("button", {type: "button", class: "next", disabled: this.current >= this.trickCount - 1, onclick: () => this.step(1)}, t("next"))),
      el("ol", {class: "trick-strip", "aria-label": t("tricks")},
        Array.from({length: this.trickCount}, (_, k) => el("li", {},
          el("button", {type: "button", class: `strip${k === this.current ? " current" : ""}${markedTricks.has(k) ? " marked" : ""}`,
                        "aria-current": k === this.current ? "true" : undefined,
                        "aria-label": `${t("trick_n", {n: k + 1, m: this.trickCount})}${markedTricks.has(k) ? " ⚠" : ""}`,
                        onclick: () => { this.current = k; this.render(); }},
            `${k + 1}${markedTricks.has(k) ? "⚠" : ""}`)))),
      this.trickDetail(this.current),
      el("p", {class: "hint", text: t("keys_hint")}));
    return section;
  }

  trickDetail(k) {
    const info = this.result.tricks?.[k];
    const entries = this.events.filter(e => e.trick === k || (k === this.trickCount - 1 && e.trick > k));
    return el("div", {class: "trick", dataset: {trick: String(k + 1)}},
      entries.some(e => e.beforeFirst) ? el("p", {class: "before", text: t("before_first")}) : "",
      this.eventList(entries, info),
      info ? el("p", {class: "trick-points"}, `${this.name(info.winner)} ${t("wins").replace("★ ", "")}: `,
                el("strong", {text: t("points", {n: info.points})})) : "");
  }

  eventList(entries, info) {
    let cardNo = 0;
    const winnerEvent = info ? entries.find(e => e.isCard && e.event.seat === info.winner)?.index : undefined;
    return el("ol", {class: "events"}, entries.map(entry => {
      const marks = this.marks.get(`event:${entry.index}`) ?? [];
      const seat = entry.event?.seat;
      const flags = marks.map(v => el("span", {class: "flag-text", text: `⚠ ${this.codeText(v.code)} — ${v.message}`}));
      if (entry.isCard) {
        const lead = cardNo++ === 0;
        const wins = entry.index === winnerEvent;
        return el("li", {class: `event card-event${marks.length ? " marked" : ""}${wins ? " winner" : ""}`,
                         dataset: {event: String(entry.index)}},
          el("span", {class: "who", text: this.name(seat)}),
          cardElement(entry.event.card, {marked: marks.length > 0}),
          lead ? el("span", {class: "tag", text: t("leads")}) : "",
          wins ? el("span", {class: "tag win", text: t("wins")}) : "",
          flags);
      }
      const what = entry.event?.announce !== undefined ? `📣 ${callName(entry.event.announce)}`
        : `👁 ${t("shows")} ${callName(entry.event?.show ?? "?")}`;
      return el("li", {class: `event call${marks.length ? " marked" : ""}`, dataset: {event: String(entry.index)}},
        el("span", {class: "who", text: this.name(seat)}),
        el("span", {class: "call-text", text: what}), flags);
    }));
  }

  announcements() {
    const list = this.result.announcements ?? [];
    return el("section", {class: "announcements"}, el("h3", {text: t("announcements")}),
      list.length ? el("ul", {}, list.map(a => {
        const index = target(a.pointer).index;
        const entry = this.events[index];
        return el("li", {}, `${this.name(a.seat)} (${t(a.team)}): `, el("strong", {text: callName(a.call)}),
          a.implied?.length ? ` (+ ${a.implied.map(callName).join(", ")})` : "",
          " — ", entry?.beforeFirst ? t("before_first") : `${t("trick")} ${this.trickOf(index) + 1}`);
      })) : el("p", {text: t("none")}));
  }

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
    const winnerText = r.winner ? t(r.winner) : t("nobody");
    section.append(
      el("p", {}, `${t("winner")}: `, el("strong", {text: winnerText}),
        r.card_points ? ` — ${t("card_points")}: ${t("re")} ${r.card_points.re}, ${t("contra")} ${r.card_points.contra}` : ""),
      el("table", {class: "items"},
        el("thead", {}, el("tr", {}, el("th", {text: t("item")}), el("th", {text: t("team")}),
                                   el("th", {text: t("trick")}), el("th", {class: "num", text: "±"}))),
        el("tbody", {}, r.score.items.map(item => el("tr", {},
          el("td", {}, this.codeText(item.code), item.seat !== undefined ? ` (${this.name(item.seat)})` : "",
             item.factor ? ` ×${item.factor}` : ""),
          el("td", {text: t(item.team)}), el("td", {text: item.trick ?? ""}),
          el("td", {class: "num", text: String(item.points)})))),
        el("tfoot", {},
          el("tr", {}, el("th", {colspan: "3", text: t("multiplier")}), el("td", {class: "num", text: `×${r.score.multiplier}`})),
          el("tr", {}, el("th", {colspan: "3", text: t("value")}), el("td", {class: "num"},
            String(r.score.value), diffs.has("value") ? el("span", {class: "claim-diff", text: ` (${t("claimed")}: ${JSON.stringify(diffs.get("value").claimed)})`}) : "")))),
      this.seatTable(diffs),
      this.claimLine(diffs));
    return section;
  }

  seatTable(diffs) {
    const r = this.result;
    const claimedScores = diffs.get("scores")?.claimed;
    const team = seat => r.game?.re?.includes(seat) ? t("re") : r.game?.contra?.includes(seat) ? t("contra") : "";
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
      el("table", {class: "claim-table"},
        el("thead", {}, el("tr", {}, el("th", {text: ""}), el("th", {text: t("claimed")}), el("th", {text: t("computed")}))),
        el("tbody", {}, [...diffs.values()].map(d => el("tr", {},
          el("th", {text: t(FIELD_LABELS[d.field] ?? d.field)}), el("td", {text: this.shown(d.claimed)}),
          el("td", {text: this.shown(d.computed)}))))));
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
