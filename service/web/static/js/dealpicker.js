// A real deal entered without JSON: each hand's cards picked in turn from the pack (48 or
// 40 cards), the last hand getting what is left.
import { cardElement, cardName, pack } from "./cards.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

export class DealPicker {
  // board: where it is drawn; names: the four players; key: the order a hand is held in;
  // done(hands): called with the four hands once they are picked.
  constructor(board, {withNines, names, key, done}) {
    this.board = board;
    this.withNines = withNines;
    this.names = names;
    this.key = key;
    this.done = done;
    this.size = withNines ? 12 : 10;
    this.hands = [[], [], [], []];
    this.seat = 0;
  }

  remaining() {
    const left = pack(this.withNines);
    for (const card of this.hands.flat()) left.splice(left.indexOf(card), 1);
    return left;
  }

  pick(card) {
    this.hands[this.seat].push(card);
    if (this.hands[this.seat].length === this.size && this.seat < 2) this.seat++;
    else if (this.hands[this.seat].length === this.size) this.hands[3] = this.remaining();  // the rest
    this.render(`[data-card="${card}"]`);
  }

  putBack(seat, k) {
    this.hands[seat].splice(k, 1);
    this.hands[3] = seat === 3 ? this.hands[3] : [];
    this.seat = seat === 3 ? 2 : seat;
    this.render();
  }

  render(again = null) {
    const complete = this.hands[3].length === this.size;
    const left = [...new Set(this.remaining())].sort((a, b) => this.key(a) - this.key(b));
    const counts = new Map();
    for (const card of this.remaining()) counts.set(card, (counts.get(card) ?? 0) + 1);
    const hand = (seat) => el("div", {class: `picked-hand${seat === this.seat && !complete ? " current" : ""}`, dataset: {seat: String(seat)}},
      el("p", {class: "hand-title"}, el("strong", {text: this.names[seat]}), ` ${this.hands[seat].length}/${this.size}`),
      el("div", {class: "cards"}, [...this.hands[seat]].map((card, k) => ({card, k}))
        .sort((a, b) => this.key(a.card) - this.key(b.card))
        .map(({card, k}) => {
          const button = cardElement(card, {tag: "button", attrs: {type: "button", title: t("deal_put_back", {card: cardName(card)})}});
          button.addEventListener("click", () => this.putBack(seat, k));
          return button;
        })));
    this.board.hidden = false;
    this.board.replaceChildren(
      el("p", {class: "turn-live to-play", "aria-live": "polite"}, el("strong", {text: complete ? t("deal_complete")
        : t("deal_pick", {name: this.names[this.seat], n: this.size - this.hands[this.seat].length})})),
      complete ? "" : el("div", {class: "entry-hand deal-pack", role: "group", "aria-label": t("deal_pack")},
        left.map(card => {
          const button = cardElement(card, {tag: "button", attrs: {type: "button"}});
          button.classList.add("choice");
          if (counts.get(card) > 1) button.append(el("span", {class: "twice", "aria-hidden": "true", text: "×2"}));
          button.addEventListener("click", () => this.pick(card));
          return button;
        })),
      el("div", {class: "picked-hands"}, [0, 1, 2, 3].map(hand)),
      el("div", {class: "entry-tools"},
        el("button", {type: "button", id: "deal-start", class: "primary", disabled: !complete,
                      onclick: () => this.done(this.hands.map(h => [...h]))}, t("deal_start"))));
    if (again) (this.board.querySelector(`.deal-pack ${again}`) ?? this.board.querySelector(".deal-pack button, #deal-start"))?.focus();
  }
}
