// The rulings of a checked game: for each violation the hand as it stood with the legal
// cards marked, the consequence in plain words and a link to the card at the table.
// Methods of GameView (gameview.js), kept here by concern.
import { post } from "./api.js";
import { cardElement, cardName } from "./cards.js";
import { el } from "./dom.js";
import { callName, t } from "./i18n.js";
import { target } from "./timeline.js";

export const PENALTIES = new Set(["revoke_penalty"]);

function names(list) {
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} ${t("and")} ${list[list.length - 1]}`;
}

export class Rulings {
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
      // The offender named with his own figure, also where he pays nothing.
      const named = v.seat === undefined || v.seat === null || payers.some(([seat]) => seat === v.seat);
      const own = named ? [] : [[v.seat, r.score.scores[v.seat] ?? 0]];
      return t("cons_penalty", {
        pays: [...own.map(([seat, s]) => t("offender_scores", {name: this.name(seat), n: s})),
               this.paysText(payers, receivers.filter(([seat]) => seat !== v.seat))].join("; "),
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
    this.onStep?.(this.pos);
    const node = this.container.querySelector(".table .card.marked, .table .marked")
      ?? this.container.querySelector(".table");
    node.setAttribute("tabindex", "-1");
    node.scrollIntoView({block: "center"});
    node.focus({preventScroll: true});
  }
}
