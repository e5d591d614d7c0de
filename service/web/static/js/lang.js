// The page's language and the labels in it: t() fills a label in the language chosen.
// The labels themselves are in i18n.js and words-*.js, each adding its own with addWords().
const TEXT = {en: {}, de: {}};

export function addWords(words) {
  for (const code of ["en", "de"]) Object.assign(TEXT[code], words[code]);
}

let lang = "en";

export function setLanguage(code) {
  lang = code === "de" ? "de" : "en";
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of document.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) {
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  }
  document.title = t("title");
}

export function language() {
  return lang;
}

// A label with {placeholders} filled in; the result is text, never markup.
export function t(key, values = {}) {
  const template = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  if (typeof template !== "string") return template;
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// A call or showing as said at the table ("keine 90"); an unknown one as it was written.
export function callName(call) {
  return t("call_names")[call] ?? call;
}

export function initialLanguage() {
  try {
    const saved = localStorage.getItem("doko-lang");
    if (saved) return saved;
  } catch { /* storage may be off */ }
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
}

export function saveLanguage() {
  try { localStorage.setItem("doko-lang", lang); } catch { /* storage may be off */ }
}
