// A game's play as steps: where a violation's JSON pointer points, and each event with
// the trick it belongs to.
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

// The play's events with the trick each belongs to (a call belongs to the trick being
// played) and, for a card, its place in the trick (0 leads).
export function timeline(play) {
  let cards = 0;
  return (Array.isArray(play) ? play : []).map((event, index) => {
    const isCard = Boolean(event && typeof event === "object" && "card" in event);
    const trick = Math.floor(cards / 4);
    const entry = {index, event, isCard, trick, place: isCard ? cards % 4 : null, beforeFirst: cards === 0 && !isCard};
    if (isCard) cards++;
    return entry;
  });
}
