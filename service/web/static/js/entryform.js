// The form that starts entering a game: the ruleset, the pack, the game and its declarer,
// from a random deal, the deal in the box or the game in the box continued.
import { clear, el } from "./dom.js";
import { DealPicker } from "./dealpicker.js";
import { DEFAULT_NAMES, Entry } from "./entry.js";
import { heldKey } from "./order.js";
import { handRules, playsWithNines, rulesetDetail, rulesetFor } from "./rulesets.js";

const $ = (selector) => document.querySelector(selector);

// entry: the board (entry.js); checkText(text): shows where the box's text breaks.
export function mountEntryForm({input, entry, checkText}) {
  async function fillSolos() {
    const id = $("#entry-ruleset").value;
    if (!id) return;
    const detail = await rulesetDetail(id);
    const solos = detail.options.find(o => o.name === "solos")?.value ?? [];
    const select = clear($("#entry-solo"));
    for (const kind of solos.flat()) select.append(el("option", {value: kind, text: kind}));
    $("#entry-pack").value = playsWithNines(detail) ? "48" : "40";  // the ruleset's own pack
    return detail;
  }

  function fillDeclarers(players) {
    const select = $("#entry-declarer");
    const chosen = select.value;
    clear(select);
    players.forEach((name, seat) => select.append(el("option", {value: String(seat), text: name})));
    if (chosen) select.value = chosen;
  }

  // The game in the box, to be continued card by card as it stands.
  async function continueEntry() {
    let data;
    try { data = JSON.parse(input.value); } catch {
      return checkText(input.value);  // shows where the JSON breaks
    }
    if (!data || typeof data !== "object" || Array.isArray(data.games)) return checkText(input.value);
    const transcript = {...data, play: Array.isArray(data.play) ? data.play : []};
    delete transcript.claimed;  // what was written down is for the finished game
    await entry.start(transcript, $("#entry-record").checked, await handRules(transcript));
  }

  // A deal picked card by card on the board, then the game entered on it.
  function pickDeal() {
    entry.clear();
    const withNines = $("#entry-pack").value !== "40";
    const picker = new DealPicker($("#entry-board"), {withNines, names: DEFAULT_NAMES,
      key: heldKey("normal", {withNines}), done: (hands) => startEntry("picked", hands)});
    picker.render();
  }

  // from: "random", "box" (the deal in the box) or "picked" (these hands).
  async function startEntry(from, hands = null) {
    const id = $("#entry-ruleset").value;
    const detail = await rulesetDetail(id);
    let deal;
    if (from === "picked") {
      const withNines = hands[0].length === 12;
      deal = {ruleset: rulesetFor(id, detail, withNines), players: DEFAULT_NAMES, dealer: 3, hands};
    } else if (from === "box") {
      let data;
      try { data = JSON.parse(input.value); } catch {
        return checkText(input.value);  // shows where the JSON breaks
      }
      // Hands of ten cards are a deal without nines, of twelve one with them.
      const sizes = new Set((Array.isArray(data.hands) ? data.hands : []).map(h => h?.length));
      if (sizes.size === 1 && (sizes.has(10) || sizes.has(12))) {
        $("#entry-pack").value = sizes.has(10) ? "40" : "48";
      }
      const ruleset = rulesetFor(id, detail, $("#entry-pack").value !== "40");
      deal = {ruleset, players: data.players, dealer: data.dealer ?? 3, hands: data.hands};
    } else {
      const withNines = $("#entry-pack").value !== "40";
      deal = Entry.random(rulesetFor(id, detail, withNines), withNines);
    }
    const type = $("#entry-type").value;
    const transcript = Entry.build({...deal, type, solo: $("#entry-solo").value,
                                    declarer: Number($("#entry-declarer").value || 0)});
    await entry.start(transcript, $("#entry-record").checked, await handRules(transcript));
  }

  $("#entry-type").addEventListener("change", () => {
    const type = $("#entry-type").value;
    for (const node of document.querySelectorAll(".solo-only")) node.hidden = type !== "solo";
    for (const node of document.querySelectorAll(".declarer-only")) node.hidden = type === "normal";
  });
  $("#entry-ruleset").addEventListener("change", fillSolos);
  $("#entry-random").addEventListener("click", () => startEntry("random"));
  $("#entry-pasted").addEventListener("click", () => startEntry("box"));
  $("#entry-pick").addEventListener("click", pickDeal);
  $("#entry-continue").addEventListener("click", continueEntry);
  return {fillSolos, fillDeclarers};
}
