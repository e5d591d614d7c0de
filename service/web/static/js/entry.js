// Entering a game card by card. Each step sends the partial transcript to the check
// route, whose answer lists the legal actions; only those are offered (or, recording
// what happened, any card of the hand, and the answer marks the faults).
import { post } from "./api.js";
import { cardElement, randomDeal } from "./cards.js";
import { clear, el } from "./dom.js";
import { PovertyExchange } from "./exchange.js";
import { callName, seatName, t } from "./i18n.js";
import { gameKey, heldKey } from "./order.js";

const ALL_CALLS = ["re", "contra", "no90", "no60", "no30", "black"];
export const DEFAULT_NAMES = ["Anna", "Ben", "Cleo", "Dan"];
const SAVED = "doko-entry";  // what was entered, kept over a reload (localStorage)
const SLOW = 600;  // ms: a check taking longer says so

export class Entry {
  constructor(board, {onResult, onError}) {
    this.board = board;
    this.onResult = onResult;
    this.onError = onError;
    this.transcript = null;
    this.result = null;
    this.record = false;
    this.rules = {};  // the ruleset's dollen and with_nines, for the order of the hand
    this.serial = 0;  // a board cleared while a check was under way ignores its answer
  }

  // The board belongs to the game shown: loading another game clears it (and forgets it).
  clear() {
    this.serial++;
    this.transcript = null;
    this.result = null;
    this.exchange = null;
    clear(this.board).hidden = true;
    try { localStorage.removeItem(SAVED); } catch { /* storage may be off */ }
  }

  // Drawn anew in the page's language.
  relabel() {
    if (this.exchange) this.exchange.render();
    else if (this.result) this.render();
  }

  // What was being entered before the page was reloaded: {transcript, record} or null.
  static saved() {
    try { return JSON.parse(localStorage.getItem(SAVED) ?? "null"); } catch { return null; }
  }

  save() {
    try { localStorage.setItem(SAVED, JSON.stringify({transcript: this.transcript, record: this.record})); } catch { /* off */ }
  }

  // A transcript without play from a deal and the chosen game: a normal game, a solo, a
  // marriage (the declarer holds both ♣Q) or a poverty (its exchange entered on the board).
  static build({ruleset, players, dealer, hands, type, solo, declarer}) {
    const order = [1, 2, 3, 4].map(k => (dealer + k) % 4);  // asked from the dealer's left
    const said = {solo: "solo", marriage: "marriage", poverty: "poverty"}[type];
    const reservations = order.map(seat => (said && seat === declarer)
      ? {seat, reservation: said, ...(type === "solo" ? {solo} : {})} : {seat, reservation: "healthy"});
    const game = type === "solo" ? {type: "solo", solo, declarer}
      : type === "marriage" || type === "poverty" ? {type, declarer} : {type: "normal"};
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
    this.result = null;
    const game = transcript.game ?? {};
    // A poverty's exchange comes first: the cards passed and returned, picked on the board.
    if (game.type === "poverty" && !Array.isArray(game.passed)) {
      this.serial++;
      this.exchange = new PovertyExchange(this, () => { this.exchange = null; this.update(); });
      this.save();
      this.exchange.render();
      return;
    }
    await this.update();
  }

  // The check of the game so far. A slow check says so after a moment, a failed one says
  // that it failed and offers to try again; the board stays as it was.
  async update() {
    const serial = ++this.serial;
    this.save();
    const slow = setTimeout(() => this.say("entry_checking", "status"), SLOW);
    let answer;
    try {
      answer = await post("/v1/games/check", JSON.stringify(this.transcript));
    } catch (error) {
      if (serial === this.serial) this.say("entry_failed", "error", {msg: error.message});
      return;
    } finally {
      clearTimeout(slow);
    }
    if (serial !== this.serial) return;
    const {status, body} = answer;
    if (status !== 200) {
      this.say("entry_refused", "error");
      this.onError(body);
      return;
    }
    this.result = body;
    this.render();
    this.onResult(this.transcript, body);
  }

  // A line on the board above the hand: "checking…", or that the check failed.
  say(key, kind, values = {}) {
    this.board.hidden = false;
    let line = this.board.querySelector(".entry-status");
    if (!line) {
      line = el("p", {class: "entry-status", role: kind === "error" ? "alert" : "status"});
      this.board.prepend(line);
    }
    line.className = `entry-status ${kind}`;
    line.replaceChildren(t(key, values), kind === "error"
      ? el("button", {type: "button", class: "retry", onclick: () => this.update()}, t("try_again")) : "");
  }

  async push(event) {
    if (!this.transcript) return;
    this.transcript.play.push(event);
    await this.update();
  }

  async undo() {
    if (!this.transcript) return;
    this.transcript.play.pop();
    await this.update();
  }

  name(seat) {
    return seatName(seat, this.transcript.players);
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

  // The board: whose turn it is (a live region, so that a screen reader says it), the hand
  // of the seat to play beside the trick in progress, the calls, the tools.
  render() {
    const board = this.board;
    board.hidden = false;
    board.querySelector(".entry-status")?.remove();
    let live = board.querySelector(".turn-live");
    if (!live) live = el("p", {class: "turn-live", "aria-live": "polite", "aria-atomic": "true"});
    const content = el("div", {class: "entry-content"});
    const actions = this.result.legal_actions;
    const tools = el("div", {class: "entry-tools"},
      el("button", {type: "button", id: "entry-undo", disabled: !this.transcript.play.length,
                    onclick: () => this.undo()}, t("undo")),
      el("button", {type: "button", id: "entry-download", onclick: () => this.download()}, t("download")));
    if (!actions || actions.seat === null || actions.seat === undefined) {
      live.className = "turn-live entry-done";
      live.textContent = t("game_over");
      content.append(this.trickInProgress(), tools);
      board.replaceChildren(live, content);
      return;
    }
    const seat = actions.seat;
    const legal = new Set(actions.cards);
    const cards = this.remaining(seat);
    const played = this.transcript.play.filter(e => "card" in e).length;
    live.className = "turn-live to-play";
    live.replaceChildren(el("strong", {text: t("to_play", {name: this.name(seat)})}), " ",
      el("span", {class: "sr-trick", text: `(${t("trick_now", {n: Math.floor(played / 4) + 1})}) `}),
      el("span", {class: "hint", text: this.record ? t("any_card") : t("legal_only")}));
    content.append(
      el("div", {class: "entry-table"},
        el("div", {class: "entry-hand", role: "group", "aria-label": t("to_play", {name: this.name(seat)})},
          cards.map(card => {
            const allowed = this.record || legal.has(card);
            const button = cardElement(card, {tag: "button", attrs: {type: "button", disabled: !allowed}});
            button.classList.add("choice");
            if (!legal.has(card)) {
              button.classList.add("illegal");
              // Recording, a card that breaks a rule is marked before it is chosen.
              if (this.record) {
                button.append(el("span", {class: "sr-only", text: ` (${t("not_legal")})`}),
                              el("span", {class: "illegal-flag", "aria-hidden": "true", text: "✗"}));
                button.title = `${button.title} (${t("not_legal")})`;
              }
            }
            button.addEventListener("click", () => this.push({seat, card}));
            return button;
          })),
        this.trickInProgress()),
      this.calls(actions),
      tools);
    board.replaceChildren(live, content);
  }

  // The trick on the table: the cards played to it so far, or the last trick whole
  // with its winner once it is complete.
  trickInProgress() {
    const cards = this.transcript.play.map((e, index) => ({...e, index})).filter(e => e && "card" in e);
    const faulty = new Set((this.result?.violations ?? []).map(v => v.pointer));
    const played = cards.length;
    const open = played % 4;
    const start = open ? played - open : Math.max(played - 4, 0);
    const shown = cards.slice(start, played);
    const k = Math.floor(start / 4);
    const info = !open && played ? this.result.tricks?.[k] : null;
    return el("div", {class: "entry-trick", "aria-label": t("trick_now", {n: k + 1})},
      el("p", {}, el("strong", {text: t("trick_now", {n: k + 1})})),
      shown.length ? el("ol", {}, shown.map(e => el("li", {dataset: {seat: String(e.seat)}},
        cardElement(e.card, {marked: faulty.has(`/play/${e.index}`)}), el("span", {text: this.name(e.seat)})))) : el("p", {class: "hint", text: t("trick_empty")}),
      info ? el("p", {class: "trick-won", text: t("trick_won", {name: this.name(info.winner), n: info.points})}) : "");
  }

  calls(actions) {
    if (this.record) return this.anyCall();
    const offered = (actions.announcements ?? []).filter(a => a.calls.length);
    if (!offered.length) return "";
    return el("div", {class: "entry-calls"}, el("span", {text: `${t("calls")}: `}),
      offered.map(a => a.calls.map(call => el("button", {type: "button", class: "call-choice",
        dataset: {seat: String(a.seat), call}, onclick: () => this.push({seat: a.seat, announce: call})},
        `${this.name(a.seat)}: ${callName(call)}`))));
  }

  // Recording what happened: any seat, any call; the check marks the ones not allowed.
  anyCall() {
    const seat = el("select", {id: "record-seat", "aria-label": t("seat")},
      [0, 1, 2, 3].map(s => el("option", {value: String(s), text: this.name(s)})));
    const call = el("select", {id: "record-call", "aria-label": t("calls")},
      ALL_CALLS.map(c => el("option", {value: c, text: callName(c)})));
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
