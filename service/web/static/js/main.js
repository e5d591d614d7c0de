// The referee's page: load, check and show a game or a list; enter a game; share a verdict.
import { get, post } from "./api.js";
import { clear, el } from "./dom.js";
import { Entry } from "./entry.js";
import { mountEntryForm } from "./entryform.js";
import { SheetEntry } from "./sheetentry.js";
import { GameView } from "./gameview.js";
import { initialLanguage, language, saveLanguage, setLanguage, t } from "./i18n.js";
import { fillRulesets, handRules, known, rulesetId } from "./rulesets.js";
import { JsonSyntaxError, locate } from "./jsonpos.js";
import { Messages } from "./messages.js";
import { decode, encode, LinkError } from "./share.js";
import { renderLine } from "./evening.js";
import { renderSitting } from "./sittingview.js";
import { isTournament, mountDrawForm, renderTournament } from "./tournamentview.js";
import { isSeason, renderSeason } from "./seasonview.js";
import { mountImport } from "./importview.js";

const $ = (selector) => document.querySelector(selector);
const input = $("#input");
const errors = $("#input-errors");
const result = $("#result");
const view = $("#view");
const back = $("#back");

const state = {codes: {}, shown: null};
const messages = new Messages(input, errors);
const showMessage = (...args) => messages.show(...args);
const clearMessage = () => messages.clear();
const showProblem = (...args) => messages.problem(...args);
let relabelDraw = null;  // the draw form, relabelled on a change of language
const gameView = new GameView(view, {codes: state.codes, language, onStep: (pos) => {
  if (state.shown?.kind !== "game") return;
  state.shown.at = pos;
  readdress();
}});

// ---- the address: each view has its own; Back and Forward move between the views ----------
// Every view shown gets a history entry whose fragment is its link (share.js), so the
// address always says what is shown, and a reload or a copied address shows it again.
const views = new Map();  // history entry's id -> {shown, list, text}
let nextView = 1;
let currentView = 0;
let addressed = Promise.resolve();

// A game's address names the step shown once the reader has stepped (or opened it so).
function addressOf(shown) {
  if (!shown) return Promise.resolve("");
  const step = shown.kind === "game" && Number.isInteger(shown.at) ? shown.at : null;
  // as it was opened (an old link stays old)
  if (shown.link && (step === null || shown.unchecked)) return Promise.resolve(shown.link);
  if (shown.list) {
    if (shown.list.link && shown.list.unchecked) {  // an old link cannot name a line of its list
      return shown.kind === "game" ? encode("game", shown.data, null, step) : Promise.resolve(shown.list.link);
    }
    return encode("list", shown.list.data, shown.fromList, step);
  }
  return encode(shown.kind, shown.data, null, step);
}

// The same view at another step: its address follows, no new history entry.
let readdressed = 0;
function readdress() {
  const id = currentView, serial = ++readdressed;
  addressed = addressOf(state.shown).then(hash => {
    if (currentView !== id || serial !== readdressed) return;
    history.replaceState({view: id}, "", location.pathname + location.search + hash);
  });
}

// how: "push" a new entry (a new view), "replace" the current one (the same view again).
function remember(how) {
  const shown = state.shown;
  if (how === "push" && views.get(currentView)?.shown === shown) how = "replace";
  const id = nextView++;
  views.set(id, {shown, list: state.list, text: input.value});
  currentView = id;
  addressed = addressOf(shown).then(hash => {
    if (currentView !== id) return;  // another view came meanwhile
    const url = location.pathname + location.search + hash;
    if (how === "push") history.pushState({view: id}, "", url);
    else history.replaceState({view: id}, "", url);
  });
}

async function restoreView(event) {
  const view = views.get(event.state?.view);
  if (!view) return loadFromLink();  // an address typed or changed by hand, or a reload's entry
  currentView = event.state.view;
  state.shown = view.shown;
  state.list = view.list;
  input.value = view.text;
  clearMessage();
  entry.clear();
  if (view.shown) renderShown(); else result.hidden = true;
  recheckInLanguage();  // a view shown before a change of language
}

// ---- checking what is in the box ---------------------------------------------------------
// link: the fragment it came from (the address is kept as it is, even when the check fails).
// at: the step of a game to open at (a link's).
async function checkText(text, {link = null, unchecked = false, how = link ? "replace" : "push", at = null} = {}) {
  clearMessage();
  try {
    locate(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    messages.syntax(error, text);
    hideResult(link === null);
    return;
  }
  const data = JSON.parse(text);
  const id = rulesetId(data);
  const ids = known.map(r => r.id);
  const unknown = id !== null && ids.length && !ids.includes(id);
  const isList = data && typeof data === "object" && Array.isArray(data.games);
  const isDay = isTournament(data);
  const isRanking = isSeason(data);
  const path = isRanking ? "/v1/seasons/check" : isDay ? "/v1/tournaments/check"
    : isList ? "/v1/sittings/check" : "/v1/games/check";
  let answer;
  const done = busy();
  try {
    answer = await post(path, text);
  } catch (error) {
    showMessage("network_error", {msg: error.message});
    return;
  } finally {
    done();
  }
  if (unknown) {
    showMessage("unknown_ruleset", {id, known: ids.join(", ")});
    if (answer.status !== 200) {
      errors.append(el("p", {class: "detail", text: answer.body?.detail ?? ""}));
      hideResult(link === null);
      return;
    }
  }
  if (isList && (answer.status === 404 || answer.status === 405)) {
    showMessage("no_sittings", {status: answer.status});
    hideResult(link === null);
    return;
  }
  if (answer.status !== 200) {
    showProblem(text, answer.body, path);
    hideResult(link === null);
    return;
  }
  state.shown = isRanking ? {kind: "season", data, answer: answer.body, askedIn: language()}
    : isDay ? {kind: "day", data, answer: answer.body, askedIn: language()}
    : isList ? {kind: "list", data, answer: answer.body, askedIn: language()}
    : {kind: "game", data, answer: answer.body, askedIn: language(), rules: await handRules(data)};
  if (link) Object.assign(state.shown, {link, unchecked});
  if (at !== null && state.shown.kind === "game") state.shown.at = at;
  entry.clear();  // the board belongs to the game shown: another game replaces it
  renderShown();
  remember(how);
}

// While the service is asked: the check button disabled, "Checking…" said beside it.
function busy() {
  const button = $("#check"), status = $("#check-status");
  button.disabled = true;
  status.dataset.i18n = "checking";
  status.textContent = t("checking");
  $("#load").setAttribute("aria-busy", "true");
  return () => {
    button.disabled = false;
    delete status.dataset.i18n;
    status.textContent = "";
    $("#load").removeAttribute("aria-busy");
  };
}

// forget: the address no longer names what was shown before.
function hideResult(forget = true) {
  state.shown = null;
  result.hidden = true;
  if (forget && views.get(currentView)?.shown) remember("push");
}

function renderShown() {
  const shown = state.shown;
  if (!shown) return;
  result.hidden = false;
  clear(back);
  $("#share-link").hidden = true;
  clearShareStatus();
  if (shown.unchecked || shown.list?.unchecked) {
    back.append(el("p", {class: "unchecked-link", role: "note"}, t("link_unchecked")));
  }
  if (shown.kind === "season") {
    renderSeason(view, shown.data, shown.answer);
  } else if (shown.kind === "day") {
    renderTournament(view, shown.data, shown.answer, {openTable});
  } else if (shown.kind === "list") {
    if (shown.fromDay) {
      back.append(el("button", {type: "button", id: "back-to-day", onclick: () => {
        state.shown = shown.fromDay;
        renderShown();
        remember("push");
      }}, t("back_to_day")));
    }
    renderSitting(view, shown.data, shown.answer, {openGame, codeText});
  } else if (shown.kind === "line") {
    back.append(backToList(shown));
    renderLine(view, shown.list.data, shown.list.answer, shown.fromList, {codeText});
  } else {
    if (shown.fromList !== undefined) back.append(backToList(shown));
    gameView.show(shown.data, shown.answer, shown.rules, {at: shown.at, sitsOut: shown.sitsOut, dealer: shown.dealer,
                                                          where: shown.fromList !== undefined ? t("game_n", {n: shown.fromList + 1}) : null});
  }
}

function backToList(shown) {
  return el("button", {type: "button", id: "back-to-list", onclick: () => {
    state.shown = shown.list;
    renderShown();
    remember("push");
  }}, t("back_to_list"));
}

function codeText(code) {
  const entry = state.codes[code];
  return entry ? entry[language()] ?? entry.en : code;
}

// A table of a tournament day, in the list view: the day's answer has its check.
function openTable(data, answer) {
  state.shown = {kind: "list", data, answer, askedIn: state.shown.askedIn, fromDay: state.shown};
  renderShown();
  remember("push");
}

// A game of the list, in the game view (the list's answer has its check); a line written
// as the sheet has it, as its line with its checks.
async function openGame(index, how = "push", at = null) {
  const list = state.shown.list ?? state.shown;
  const line = list.data.games[index];
  if (!line?.transcript) {
    state.list = list;
    state.shown = {kind: "line", fromList: index, list, askedIn: list.askedIn};
    entry.clear();
    renderShown();
    remember(how);
    view.querySelector(".verdict")?.focus();
    return;
  }
  const transcript = {ruleset: list.data.ruleset, ...line.transcript};
  let answer = list.answer.games?.[index]?.result;
  if (!answer) {
    const checked = await post("/v1/games/check", JSON.stringify(transcript));
    if (checked.status !== 200) return showProblem(JSON.stringify(transcript), checked.body);
    answer = checked.body;
  }
  // Pointers inside a list's answer may be written from the list: /games/i/transcript/...
  const prefix = `/games/${index}/transcript`;
  const local = p => (typeof p === "string" && p.startsWith(prefix) ? p.slice(prefix.length) : p);
  answer = {...answer,
    violations: (answer.violations ?? []).map(v => ({...v, pointer: local(v.pointer)})),
    announcements: (answer.announcements ?? []).map(a => ({...a, pointer: local(a.pointer)}))};
  state.list = list;
  // At a table of five the dealer sits out: the fifth seat, beside the four.
  const sitsOut = (list.data.players?.length ?? 0) > 4 ? list.answer.games?.[index]?.sits_out ?? null : null;
  state.shown = {kind: "game", data: transcript, answer, fromList: index, list, askedIn: list.askedIn,
                 rules: await handRules(transcript), sitsOut, dealer: line.dealer, at: at ?? undefined};
  entry.clear();
  renderShown();
  remember(how);
  view.querySelector(".verdict")?.focus();
}

// ---- loading: examples, files, drops, links ---------------------------------------------------
async function loadText(text, options) {
  input.value = text;
  await checkText(text, options);
  if (!result.hidden) view.querySelector(".verdict")?.focus();
}

async function loadExample(name) {
  const response = await fetch(`/assets/examples/${name}.json`);
  await loadText(await response.text());
}

let importer = null;  // another program's file: read by importview.js, then checked here

async function loadFile(file) {
  if (file && await importer?.file(file)) return;
  if (file) await loadText(await file.text());
}

// The view the address names; a damaged link shows nothing but that it is damaged.
async function loadFromLink() {
  const link = location.hash;
  let shared;
  try {
    shared = await decode(link);
  } catch (error) {
    if (!(error instanceof LinkError)) throw error;
    hideResult(false);
    entry.clear();
    showMessage(error.key, error.values);
    return;
  }
  if (!shared) {  // no link: nothing shown
    clearMessage();
    hideResult(false);
    remember("replace");
    return;
  }
  await loadText(shared.text, {link: shared.line === null ? link : null, unchecked: !shared.checked,
                               how: "replace", at: shared.line === null ? shared.step : null});
  if (shared.line === null || state.shown?.kind !== "list") return;
  if (!state.shown.data.games?.[shared.line]) {
    hideResult(false);
    return showMessage("link_damaged");
  }
  await openGame(shared.line, "replace", shared.step);
}

async function share() {
  const shown = state.shown;
  if (!shown) return;
  await addressed;  // the address is the view's link
  const field = $("#share-link");
  field.value = location.href;
  field.hidden = false;
  field.select();
  let copied = true;
  try { await navigator.clipboard.writeText(location.href); } catch { copied = false; /* not allowed here */ }
  const status = $("#share-status");
  status.dataset.i18n = copied ? "copied" : "copy_by_hand";  // relabelled on a change of language
  status.textContent = t(status.dataset.i18n);
}

function clearShareStatus() {
  const status = $("#share-status");
  delete status.dataset.i18n;
  status.textContent = "";
}

// ---- entering a game ---------------------------------------------------------------------------
const entry = new Entry($("#entry-board"), {
  onResult: (transcript, answer) => {
    const before = state.shown;
    state.shown = {kind: "game", data: structuredClone(transcript), answer, askedIn: language(),
                   rules: entry.rules, at: "end", entered: true};
    input.value = JSON.stringify(transcript, null, 1);
    clearMessage();
    renderShown();
    remember(before?.entered ? "replace" : "push");  // one entry for the game being entered
  },
  onError: (problem) => showProblem(JSON.stringify(entry.transcript), problem),
});
const entryForm = mountEntryForm({input, entry, checkText: (text) => checkText(text)});
const sheet = new SheetEntry($("#sheet"), {ruleset: () => $("#entry-ruleset").value, checkList: (list) => {
  input.value = JSON.stringify(list, null, 1);
  return checkText(input.value);
}});

// What was being entered before a reload comes back on the board (unless the address
// shows another game).
async function resumeEntry(saved) {
  const transcript = saved?.transcript;
  if (!transcript || (state.shown && JSON.stringify(state.shown.data?.hands) !== JSON.stringify(transcript.hands))) return;
  $("#entry-record").checked = Boolean(saved.record);
  if (state.shown) state.shown.entered = true;
  await entry.start(transcript, Boolean(saved.record), await handRules(transcript));
}

// ---- language ------------------------------------------------------------------------------------
function applyLanguage(code) {
  setLanguage(code);
  $("#lang").textContent = t("lang_switch");  // names the other language, in that language
  $("#lang").setAttribute("lang", code === "de" ? "en" : "de");
  messages.relabel();
  renderShown();
  relabelDraw?.();
  entry.relabel();
  sheet.render();
  recheckInLanguage();
}

// The answers shown were said in the language they were asked in: ask again in the new one.
async function recheckInLanguage() {
  const asked = language();
  if (known.length) {
    try { fillRulesets($("#entry-ruleset"), (await get("/v1/rulesets")).rulesets); } catch { /* kept as they were */ }
  }
  for (const shown of [state.shown, state.list]) {
    if (!shown || shown.askedIn === asked || shown.fromDay || shown.kind === "line") continue;
    const path = shown.kind === "season" ? "/v1/seasons/check"
      : shown.kind === "day" ? "/v1/tournaments/check"
      : shown.kind === "list" ? "/v1/sittings/check" : "/v1/games/check";
    let answer;
    try { answer = await post(path, JSON.stringify(shown.data)); } catch { continue; }
    if (answer.status !== 200 || language() !== asked) continue;
    shown.answer = answer.body;
    shown.askedIn = asked;
    if (state.shown === shown || state.shown?.list === shown) renderShown();
  }
}

// ---- start ---------------------------------------------------------------------------------------
async function main() {
  relabelDraw = mountDrawForm($("main"));
  importer = mountImport($("#load"), {load: loadText, text: () => input.value});
  applyLanguage(initialLanguage());
  $("#lang").addEventListener("click", () => {
    applyLanguage(language() === "de" ? "en" : "de");
    saveLanguage();
  });
  $("#check").addEventListener("click", () => checkText(input.value));
  $("#file").addEventListener("change", (event) => loadFile(event.target.files[0]));
  for (const button of document.querySelectorAll("[data-example]")) {
    button.addEventListener("click", () => loadExample(button.dataset.example));
  }
  const drop = $("#load");
  drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("dropping"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("dropping"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("dropping");
    loadFile(event.dataTransfer.files[0]);
  });
  $("#share-button").addEventListener("click", share);
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("textarea, input, select, #entry-board") || result.hidden || state.shown?.kind !== "game") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (gameView.key(event)) event.preventDefault();
  });
  window.addEventListener("popstate", restoreView);

  const [codes, rulesets] = await Promise.all([get("/v1/codes"), get("/v1/rulesets")]);
  for (const code of codes.codes) state.codes[code.code] = code;
  fillRulesets($("#entry-ruleset"), rulesets.rulesets);
  entryForm.fillDeclarers(["Anna", "Ben", "Cleo", "Dan"]);
  await entryForm.fillSolos();
  const saved = Entry.saved();  // read before a link's game clears the board
  await loadFromLink();
  await resumeEntry(saved);
  sheet.resume(!state.shown);
  document.body.dataset.ready = "true";  // for tests: the codes and rulesets are in
}

main();
