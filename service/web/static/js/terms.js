// The words of the game the page says, from the service's term table
// (service/game/terms.py): the rulebooks by preset and how the codes cite them, seats.
import { language } from "./lang.js";

// terms:start (python -m service.tools.glossary_doc --write)
const TERMS = {"en": {"rulebooks": {"ddv": {"cite": "DDV TSR", "name": "DDV tournament rules"}, "doko2026": {"cite": "DOKO 2026", "name": "DOKO 2026"}, "freedoko": {"cite": "FreeDoko rules", "name": "FreeDoko rules"}, "mittwoch": {"cite": "Mittwoch rules", "name": "Mittwoch rules"}}, "position": "seat {n}"}, "de": {"rulebooks": {"ddv": {"cite": "DDV TSR", "name": "DDV-Turnierspielregeln"}, "doko2026": {"cite": "DOKO 2026", "name": "DOKO 2026"}, "freedoko": {"cite": "FreeDoko rules", "name": "FreeDoko-Regeln"}, "mittwoch": {"cite": "Mittwoch rules", "name": "Mittwochsregeln"}}, "position": "Position {n}"}};
// terms:end

// A seat as people count it: the player's name where known, else "Position 1" to "4"
// ("seat 1" to "4"); the transcript's seat 0 is Position 1.
export function seatName(seat, names) {
  return names?.[seat] ?? TERMS[language()].position.replace("{n}", String(Number(seat) + 1));
}

// A code's sources as a referee cites them: only those of the rulebook in force (the
// preset a ruleset id starts with; a house ruleset's own house rules), in the reader's words.
export function citeRule(sources, rulesetId) {
  const lang = language();
  const book = TERMS[lang].rulebooks[String(rulesetId ?? "").split("+")[0]];
  const house = "QtDoppelKopf house rules";
  return (sources ?? [])
    .filter(s => s.startsWith(house) || (book && s.startsWith(book.cite)))
    .map(s => s.startsWith(house) ? (lang === "de" ? "Hausregeln nach QtDoppelKopf" : house) + s.slice(house.length)
      : book.name + s.slice(book.cite.length))
    .join(", ");
}
