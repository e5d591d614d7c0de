// A poverty's exchange entered on the board (DDV TSR 6.x, seed 002's poverty): the poor
// player picks the cards passed and who took them, the partner the cards returned; the
// transcript's game then says them, with the offers and the trumps among those returned.
import { cardElement } from "./cards.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { heldKey, trumps } from "./order.js";

export class PovertyExchange {
  // entry: the board (entry.js); done(): called once the game says the whole exchange.
  constructor(entry, done) {
    this.entry = entry;
    this.done = done;
    const game = entry.transcript.game;
    this.declarer = game.declarer;
    this.partner = (game.declarer + 1) % 4;
    this.stage = "pass";
    this.picked = [];  // indexes into the hand shown
    this.passed = [];
  }

  hand() {
    const hands = this.entry.transcript.hands;
    const cards = this.stage === "pass" ? [...hands[this.declarer]] : [...hands[this.partner], ...this.passed];
    const key = heldKey("normal", this.entry.rules);
    return cards.sort((a, b) => key(a) - key(b));
  }

  render() {
    const entry = this.entry;
    const board = entry.board;
    board.hidden = false;
    const cards = this.hand();
    const who = this.stage === "pass" ? this.declarer : this.partner;
    const n = this.picked.length;
    const partner = el("select", {id: "exchange-partner", "aria-label": t("exchange_partner")},
      [0, 1, 2, 3].filter(s => s !== this.declarer).map(s => el("option", {value: String(s), text: entry.name(s),
                                                                          selected: s === this.partner})));
    partner.addEventListener("change", () => { this.partner = Number(partner.value); });
    const confirm = el("button", {type: "button", id: "exchange-confirm", class: "primary",
                                  disabled: !n || (this.stage === "return" && n !== this.passed.length),
                                  onclick: () => this.confirm(cards)},
      t(this.stage === "pass" ? "exchange_pass" : "exchange_return", {n}));
    board.replaceChildren(
      el("p", {class: "turn-live to-play", "aria-live": "polite"},
        el("strong", {text: t("poverty_exchange")}), " ",
        t(this.stage === "pass" ? "exchange_pick_pass" : "exchange_pick_return",
          {name: entry.name(who), n: this.passed.length})),
      el("div", {class: "entry-hand exchange-hand", role: "group", "aria-label": t("hand_of", {name: entry.name(who), n: cards.length})},
        cards.map((card, k) => {
          const on = this.picked.includes(k);
          const button = cardElement(card, {tag: "button", attrs: {type: "button", "aria-pressed": String(on)}});
          button.classList.add("choice");
          if (on) button.classList.add("picked");
          button.addEventListener("click", () => {
            this.picked = on ? this.picked.filter(i => i !== k) : [...this.picked, k];
            this.render();
            this.entry.board.querySelectorAll(".exchange-hand button")[k]?.focus();
          });
          return button;
        })),
      el("div", {class: "entry-tools"},
        this.stage === "pass" ? el("label", {}, `${t("exchange_partner")} `, partner) : "",
        confirm));
  }

  confirm(cards) {
    const chosen = this.picked.map(k => cards[k]);
    this.picked = [];
    if (this.stage === "pass") {
      this.passed = chosen;
      this.stage = "return";
      this.render();
      return;
    }
    const game = this.entry.transcript.game;
    const trump = new Set(trumps("normal", this.entry.rules));
    // Asked in turn from the poor player's left: those before the partner declined.
    const offers = [];
    for (let k = 1; k < 4; k++) {
      const seat = (this.declarer + k) % 4;
      offers.push({seat, accept: seat === this.partner});
      if (seat === this.partner) break;
    }
    Object.assign(game, {passed: this.passed, offers, partner: this.partner, returned: chosen,
                         trumps_returned: chosen.filter(c => trump.has(c)).length});
    this.done();
  }
}
