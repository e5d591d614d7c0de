// Hands in the order a player holds them, as the rules core sorts the legal cards
// (service/game/ranking.py, Order.as_held; a browser test holds the two together): the
// trumps of the game high to low (DDV TSR 2.3.4-2.3.7; the other solos as FreeDoko 6.1.1),
// then the plain cards by suit ♣ ♠ ♥ ♦, each A 10 K Q J 9.
import { RANK_ORDER, SUIT_ORDER } from "./cards.js";

const COLOUR_SOLOS = {diamonds: "D", hearts: "H", spades: "S", clubs: "C"};
// The trump ranks of the picture solos, highest group first, each group ♣ ♠ ♥ ♦.
const PICTURE_SOLOS = {
  queens: ["Q"], jacks: ["J"], kings: ["K"], queens_jacks: ["Q", "J"], kings_jacks: ["K", "J"],
  kings_queens: ["K", "Q"], koehler: ["K", "Q", "J"], meatless: [],
};

// The trumps of a game, high to low. `kind`: "normal" or a solo kind. `dollen`: the ♥10
// are the highest trumps; shown `swines` (the trump suit's aces) rank above them, shown
// `hyperswines` (its nines, its kings without nines) above the swines.
export function trumps(kind = "normal", {dollen = true, withNines = true, swines = false, hyperswines = false} = {}) {
  const ranks = PICTURE_SOLOS[kind];
  if (ranks) return ranks.flatMap(rank => SUIT_ORDER.map(suit => suit + rank));
  const suit = COLOUR_SOLOS[kind] ?? "D";
  const high = [];
  if (hyperswines) high.push(suit + (withNines ? "9" : "K"));
  if (swines) high.push(suit + "A");
  const own = ["A", "10", "K", "9"].map(rank => suit + rank)
    .filter(card => !high.includes(card) && !(dollen && card === "H10"));
  const pictures = ["Q", "J"].flatMap(rank => SUIT_ORDER.map(s => s + rank));
  return [...high, ...(dollen ? ["H10"] : []), ...pictures, ...own];
}

// All 24 cards in the order a player holds them.
export function heldOrder(kind = "normal", options = {}) {
  const top = trumps(kind, options);
  const plain = SUIT_ORDER.flatMap(suit => RANK_ORDER.map(rank => suit + rank)).filter(card => !top.includes(card));
  return [...top, ...plain];
}

// A sort key: a card's place in the hand (a card that cannot be read last).
export function heldKey(kind = "normal", options = {}) {
  const places = new Map(heldOrder(kind, options).map((card, place) => [card, place]));
  return card => places.get(card) ?? places.size;
}

// The sort key of a checked game after the first `events` events of its play: the game
// as the check read it (a solo's kind, else the normal game's order); swines and
// hyperswines rank highest once shown, where no violation points at the showing (the
// check refused it). `rules`: the ruleset's dollen and with_nines.
export function gameKey(transcript, answer, {dollen = true, withNines = true} = {}, events = Infinity) {
  const game = answer?.game;
  const kind = game?.type === "solo" && game.solo ? game.solo : "normal";
  const refused = new Set((answer?.violations ?? []).map(v => v.pointer));
  const play = Array.isArray(transcript?.play) ? transcript.play.slice(0, events) : [];
  const shown = what => play.some((event, index) => event?.show === what && !refused.has(`/play/${index}`));
  const hyperswines = shown("hyperswines");
  return heldKey(kind, {dollen, withNines, swines: hyperswines || shown("swines"), hyperswines});
}
