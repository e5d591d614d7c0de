// Cards as the page shows them: a suit symbol and a rank, with an accessible name.
import { el } from "./dom.js";
import { language } from "./i18n.js";

const SUITS = {
  C: {symbol: "♣", en: "clubs", de: "Kreuz", red: false},
  S: {symbol: "♠", en: "spades", de: "Pik", red: false},
  H: {symbol: "♥", en: "hearts", de: "Herz", red: true},
  D: {symbol: "♦", en: "diamonds", de: "Karo", red: true},
};
const RANKS = {
  A: {en: "ace", de: "Ass", short: {en: "A", de: "A"}},
  10: {en: "ten", de: "Zehn", short: {en: "10", de: "10"}},
  K: {en: "king", de: "König", short: {en: "K", de: "K"}},
  Q: {en: "queen", de: "Dame", short: {en: "Q", de: "D"}},
  J: {en: "jack", de: "Bube", short: {en: "J", de: "B"}},
  9: {en: "nine", de: "Neun", short: {en: "9", de: "9"}},
};
export const SUIT_ORDER = ["C", "S", "H", "D"];
export const RANK_ORDER = ["A", "10", "K", "Q", "J", "9"];

export function parseCard(text) {
  if (typeof text !== "string") return null;
  const suit = SUITS[text[0]];
  const rank = RANKS[text.slice(1)];
  return suit && rank ? {suit: text[0], rank: text.slice(1)} : null;
}

export function cardName(text) {
  const card = parseCard(text);
  if (!card) return String(text);
  const suit = SUITS[card.suit], rank = RANKS[card.rank];
  return language() === "de" ? `${suit.de}-${rank.de}` : `${rank.en} of ${suit.en}`;
}

// A card as an element; `tag` "button" for a card that can be chosen.
export function cardElement(text, {tag = "span", marked = false, played = false, attrs = {}} = {}) {
  const card = parseCard(text);
  const classes = ["card"];
  if (card && SUITS[card.suit].red) classes.push("red");
  if (!card) classes.push("unknown");
  if (marked) classes.push("marked");
  if (played) classes.push("played");
  const label = cardName(text) + (marked ? " ⚠" : "");
  // A card to choose is named by its text (hidden from sight), a card shown as a picture
  // by its label: a control's name must hold what it says (WCAG 2.5.3).
  const button = tag === "button";
  const node = el(tag, {class: classes.join(" "), title: label, "aria-label": button ? undefined : label,
                        role: button ? undefined : "img", dataset: {card: String(text)},
                        ...attrs});
  if (button) node.append(el("span", {class: "sr-only", text: label}));
  if (card) {
    node.append(el("span", {class: "suit", "aria-hidden": "true", text: SUITS[card.suit].symbol}),
                el("span", {class: "rank", "aria-hidden": "true", text: RANKS[card.rank].short[language()]}));
  } else {
    node.append(el("span", {class: "rank", "aria-hidden": "true", text: String(text)}));
  }
  if (marked) node.append(el("span", {class: "flag", "aria-hidden": "true", text: "⚠"}));
  return node;
}

export function pack(withNines) {
  const cards = [];
  for (const suit of SUIT_ORDER) {
    for (const rank of RANK_ORDER) {
      if (rank === "9" && !withNines) continue;
      cards.push(suit + rank, suit + rank);
    }
  }
  return cards;
}

// Four hands from a shuffled pack (crypto-random Fisher–Yates), each sorted by `key`.
export function randomDeal(withNines, key) {
  const cards = pack(withNines);
  const random = new Uint32Array(cards.length);
  crypto.getRandomValues(random);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = random[i] % (i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const size = cards.length / 4;
  return [0, 1, 2, 3].map(seat => cards.slice(seat * size, (seat + 1) * size)
    .sort((a, b) => key(a) - key(b)));
}
