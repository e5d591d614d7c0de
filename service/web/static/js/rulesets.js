// The rulesets the service knows: the ids and titles to choose from, the options a game's
// hands are ordered by (order.js), and a preset named with the other pack.
import { get } from "./api.js";
import { el } from "./dom.js";

export const known = [];  // {id, title} as GET /v1/rulesets lists them

export function rulesetId(data) {
  const r = data?.ruleset;
  return typeof r === "string" ? r : typeof r?.preset === "string" ? r.preset : null;
}

export async function rulesetDetail(id) {
  return get(`/v1/rulesets/${encodeURIComponent(id)}`);
}

// What the order of a game's hands depends on in its ruleset (order.js): dollen and
// with_nines, the preset's values with the transcript's own options over them.
const presetOptions = new Map();  // preset id -> a promise of {option name: value}
export async function handRules(data) {
  const id = rulesetId(data);
  let options = {};
  if (id !== null && known.some(r => r.id === id)) {
    if (!presetOptions.has(id)) {
      presetOptions.set(id, rulesetDetail(id).then(detail => Object.fromEntries(detail.options.map(o => [o.name, o.value]))));
    }
    try { options = await presetOptions.get(id); } catch { presetOptions.delete(id); }
  }
  const own = data?.ruleset?.options ?? {};
  const flag = (name) => typeof own[name] === "boolean" ? own[name] : typeof options[name] === "boolean" ? options[name] : true;
  return {dollen: flag("dollen"), withNines: flag("with_nines")};
}

// The rulesets to choose from, by id and title (a title in the page's language).
export function fillRulesets(select, rulesets) {
  known.splice(0, known.length, ...rulesets);
  const chosen = select.value;
  select.replaceChildren(...rulesets.map(r => el("option", {value: r.id, text: `${r.id} — ${r.title}`})));
  if (chosen) select.value = chosen;
}

export function playsWithNines(detail) {
  return detail.options.find(o => o.name === "with_nines")?.value !== false;
}

// The ruleset as the transcript names it: the id, or the id with the other pack (the
// service then moves the deadlines counted in cards in hand, and says so in a note).
export function rulesetFor(id, detail, withNines) {
  return withNines === playsWithNines(detail) ? id : {preset: id, options: {with_nines: withNines}};
}
