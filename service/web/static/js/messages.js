// The message next to the box: what is wrong with the text in it (where the JSON breaks,
// each field error of a 400 answer at its line), or why nothing is shown. Said again in
// the page's language on a change of it; a refusal is asked again in that language.
import { post } from "./api.js";
import { clear, el } from "./dom.js";
import { language, t } from "./i18n.js";
import { lineColumn, locate, placeOf } from "./jsonpos.js";

export class Messages {
  constructor(input, errors) {
    this.input = input;
    this.errors = errors;
    this.message = null;  // {key, values, extra, asked: {path, text, language}}
  }

  // values: the label's values, or a function giving them (said anew in another language).
  show(key, values = {}, extra = () => [], asked = null) {
    this.message = {key, values, extra, asked};
    const filled = typeof values === "function" ? values() : values;
    clear(this.errors).append(el("p", {class: "error", text: `✖ ${t(key, filled)}`}), ...extra());
    this.input.setAttribute("aria-invalid", "true");
  }

  clear() {
    this.message = null;
    clear(this.errors);
    this.input.removeAttribute("aria-invalid");
  }

  selectRange([start, end]) {
    const input = this.input;
    input.focus();
    input.setSelectionRange(start, end);
    // Bring the selection into view: move the scroll to the selected line.
    const {line} = lineColumn(input.value, start);
    const lineHeight = parseFloat(getComputedStyle(input).lineHeight) || 18;
    input.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }

  // Where the JSON breaks, in the page's language.
  syntax(error, text) {
    const {line, col} = lineColumn(text, error.offset);
    this.show("json_error", () => {
      const what = t("json_what")[error.what] ?? error.what;
      return {msg: error.char === null ? what : t("json_at", {what, char: error.char}), line, col};
    });
    this.selectRange([error.offset, error.offset + 1]);
  }

  // A refusal of the service (problem+json) with each field error at its place; `path`:
  // the route it came from, asked again on a change of language.
  problem(text, problem, path = null) {
    let places = new Map();
    try { places = locate(text); } catch { /* the service read it, so this does not happen */ }
    // Rebuilt on a change of language, hence a function.
    const items = () => (problem?.errors ?? []).map(error => {
      const range = placeOf(places, error.pointer);
      const {line, col} = lineColumn(text, range[0]);
      return el("li", {}, el("button", {type: "button", class: "field-error", dataset: {pointer: error.pointer},
                                        onclick: () => this.selectRange(range)},
        t("field_error", {pointer: error.pointer || "/", line, col, msg: error.message})));
    });
    this.show("problem", {detail: problem?.detail ?? problem?.title ?? "?"},
              () => (problem?.errors?.length ? [el("ul", {class: "field-errors"}, items())] : []),
              path ? {path, text, language: language()} : null);
  }

  async relabel() {
    const message = this.message;
    if (!message) return;
    this.show(message.key, message.values, message.extra, message.asked);
    const asked = message.asked;
    if (!asked || asked.language === language()) return;
    let answer;
    try { answer = await post(asked.path, asked.text); } catch { return; }
    if (this.message?.asked === asked && answer.status >= 400 && answer.body) this.problem(asked.text, answer.body, asked.path);
  }
}
