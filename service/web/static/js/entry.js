// Entering a game card by card. Each step sends the partial transcript to the check
// route, whose answer lists the legal actions; only those are offered (or, recording
// what happened, any card of the hand, and the answer marks the faults).
import { post } from "./api.js";
import { cardElement, randomDeal } from "./cards.js";
import { clear, el } from "./dom.js";
import { t } from "./i18n.js";
import { gameKey, heldKey } from "./order.js";

const ALL_CALLS = ["re", "contra", "no90", "no60", "no30", "black"];
const DEFAULT_NAMES = ["Anna", "Ben", "Cleo", "Dan"];

export class Entry {
  constructor(board, {onResult, onError}) {
    this.board = board;
    this.onResult = onResult;
    this.onError = onError;
    this.transcript = null;
    this.result = null;
    this.record = false;
    this.rules = {};  // the ruleset's dollen and with_nines, for the order of the hand
  }

  // A transcript without play from a deal and the chosen game.
  static build({ruleset, players, dealer, hands, type, solo, declarer}) {
    const order = [1, 2, 3, 4].map(k => (dealer + k) % 4);  // asked from the dealer's left
    const reservations = order.map(seat => (type === "solo" && seat === declarer)
      ? {seat, reservation: "solo", solo} : {seat, reservation: "healthy"});
    const game = type === "solo" ? {type: "solo", solo, declarer} : {type: "normal"};
    return {ruleset, players: players ?? DEFAULT_NAMES, dealer, hands, reservations, game, play: []};
  }

  // A random deal, each hand sorted as held in a normal game (no game is chosen yet).
  static random(ruleset, withNines) {
    return {ruleset, players: DEFAULT_NAMES, dealer: 3, hands: randomDeal(withNines, heldKey("normal", {withNines}))};
  }

  async start(transcript, record, rules = {}) {
    this.transcript = transcript;
    this.record = record;
    this.rules = rules;
    await this.update();
  }

  async update() {
    const {status, body} = await post("/v1/games/check", JSON.stringify(this.transcript));
    if (status !== 200) {
      this.onError(body);
      return;
    }
    this.result = body;
    this.render();
    this.onResult(this.transcript, body);
  }

  async push(event) {
    this.transcript.play.push(event);
    await this.update();
  }

  async undo() {
    this.transcript.play.pop();
    await this.update();
  }

  name(seat) {
    return this.transcript.players?.[seat] ?? `${t("seat")} ${seat}`;
  }

  remaining(seat) {
    const hand = [...(this.transcript.hands[seat] ?? [])];
    for (const event of this.transcript.play) {
      if (event.seat === seat && "card" in event) {
        const k = hand.indexOf(event.card);
        if (k >= 0) hand.splice(k, 1);
      }
    }
    const key = gameKey(this.transcript, this.result, this.rules);  // as the game stands
    return hand.sort((a, b) => key(a) - key(b));
  }

  render() {
    const board = clear(this.board);
    board.hidden = false;
    const actions = this.result.legal_actions;
    const tools = el("div", {class: "entry-tools"},
      el("button", {type: "button", id: "entry-undo", disabled: !this.transcript.play.length,
                    onclick: () => this.undo()}, t("undo")),
      el("button", {type: "button", id: "entry-download", onclick: () => this.download()}, t("download")));
    if (!actions || actions.seat === null || actions.seat === undefined) {
      board.append(el("p", {class: "entry-done", text: t("game_over")}), tools);
      return;
    }
    const seat = actions.seat;
    const legal = new Set(actions.cards);
    const cards = this.remaining(seat);
    board.append(
      el("p", {class: "to-play"}, el("strong", {text: t("to_play", {name: this.name(seat)})}), " ",
         el("span", {class: "hint", text: this.record ? t("any_card") : t("legal_only")})),
      el("div", {class: "entry-hand", role: "group", "aria-label": t("to_play", {name: this.name(seat)})},
        cards.map(card => {
          const allowed = this.record || legal.has(card);
          const button = cardElement(card, {tag: "button", attrs: {type: "button", disabled: !allowed}});
          button.classList.add("choice");
          if (!legal.has(card)) button.classList.add("illegal");
          button.addEventListener("click", () => this.push({seat, card}));
          return button;
        })),
      this.calls(actions),
      tools);
  }

  calls(actions) {
    if (this.record) return this.anyCall();
    const offered = (actions.announcements ?? []).filter(a => a.calls.length);
    if (!offered.length) return "";
    return el("div", {class: "entry-calls"}, el("span", {text: `${t("calls")}: `}),
      offered.map(a => a.calls.map(call => el("button", {type: "button", class: "call-choice",
        dataset: {seat: String(a.seat), call}, onclick: () => this.push({seat: a.seat, announce: call})},
        `${this.name(a.seat)}: ${call}`))));
  }

  // Recording what happened: any seat, any call; the check marks the ones not allowed.
  anyCall() {
    const seat = el("select", {id: "record-seat", "aria-label": t("seat")},
      [0, 1, 2, 3].map(s => el("option", {value: String(s), text: this.name(s)})));
    const call = el("select", {id: "record-call", "aria-label": t("calls")},
      ALL_CALLS.map(c => el("option", {value: c, text: c})));
    return el("div", {class: "entry-calls"}, el("span", {text: `${t("calls")}: `}), seat, call,
      el("button", {type: "button", id: "record-call-button",
                    onclick: () => this.push({seat: Number(seat.value), announce: call.value})},
         t("record_call")));
  }

  download() {
    const blob = new Blob([JSON.stringify(this.transcript, null, 1) + "\n"], {type: "application/json"});
    const link = el("a", {href: URL.createObjectURL(blob), download: "game.json"});
    document.body.append(link);
    link.click();
    link.remove();
  }
}
