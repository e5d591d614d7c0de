// The middle of the table at a step (the deal, the reservations, the poverty's exchange,
// the trick) and the steps' toolbar. Methods of GameView (gameview.js), kept here by concern.
import { cardElement, cardName } from "./cards.js";
import { el } from "./dom.js";
import { callName, t } from "./i18n.js";
import { target } from "./timeline.js";

// Seats around the table: seat 0 at the bottom, play going clockwise.
export const PLACES = ["bottom", "left", "top", "right"];

export class Phases {
  center(st) {
    const step = st.step;
    const parts = [];
    if (step.kind === "deal") {
      parts.push(el("p", {class: "phase-title", text: t("phase_deal")}),
                 el("p", {class: "hint", text: t("dealt_by", {name: this.dealerOut ? this.sitsOut : this.name(this.transcript.dealer)})}));
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
                                                               dataset: {control: cls},
                                                               "aria-label": t(key), title: t(key)}, t(`${key}_short`));
    // The toolbar first, above the table, its label one line of fixed width: the buttons
    // stay where they are whatever the step shows (and it stays on screen while the
    // table scrolls by).
    return [
      el("div", {class: "step-buttons table-nav"},
        button("first", "to_start", () => this.go(0), this.pos === 0),
        button("prev-trick", "prev_trick", () => this.stepTrick(-1), this.pos === 0),
        button("prev", "prev_card", () => this.step(-1), this.pos === 0),
        el("span", {class: "step-label", tabindex: "-1"}, this.stepText(this.pos)),
        button("next", "next_card", () => this.step(1), this.pos === last),
        button("next-trick", "next_trick", () => this.stepTrick(1), this.pos === last),
        button("last", "to_end", () => this.go(last), this.pos === last)),
      el("ol", {class: "trick-strip table-nav", "aria-label": t("steps")},
        phases.map(([key, pos]) => el("li", {}, el("button", {type: "button", dataset: {control: `phase-${key}`},
          class: `strip phase-button${this.pos === pos ? " current" : ""}${phaseMarked(pos) ? " marked" : ""}`,
          "aria-current": this.pos === pos ? "step" : undefined, onclick: () => this.go(pos)},
          `${t(key)}${phaseMarked(pos) ? " ⚠" : ""}`))),
        Array.from({length: this.trickCount}, (_, k) => {
          const end = this.trickEnds[k];
          const marked = markedTricks.has(k);
          const current = currentTrick === k;
          return el("li", {}, el("button", {type: "button", disabled: end === undefined, dataset: {control: `trick-${k}`},
            class: `strip trick-button${current ? " current" : ""}${marked ? " marked" : ""}${deciding === k + 1 ? " deciding" : ""}`,
            "aria-current": current ? "step" : undefined,
            "aria-label": `${t("trick_n", {n: k + 1, m: this.trickCount})}${marked ? " ⚠" : ""}${deciding === k + 1 ? `, ${t("deciding_short")}` : ""}`,
            onclick: () => this.go(end)},
            `${k + 1}${marked ? "⚠" : ""}${deciding === k + 1 ? "⚭" : ""}`));
        }))];
  }
}
