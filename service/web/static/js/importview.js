// Files of other programs — a score sheet saved as CSV, a FreeDoko game record, a
// QtDoppelKopf or jsdoppelkopf list, a Doko_Logger evening — read by
// POST /v1/imports/{format} into the page's own JSON, which the page then checks as
// anything pasted. The notes (what the file could not carry) and a refusal (each line
// with its reason) are shown under the box.
import { clear, el } from "./dom.js";
import { language, t } from "./i18n.js";

const FORMATS = ["csv", "freedoko", "qtdoppelkopf", "doko-logger"];
const LABELS = {"csv": "import_csv", "freedoko": "import_freedoko",
                "qtdoppelkopf": "import_qt", "doko-logger": "import_logger"};

// The format a file's name and first bytes show; null for the page's own JSON.
export function formatOf(name, head) {
  const lower = (name || "").toLowerCase();
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("{") || text.startsWith("[")) {
    if (text.includes('"Session_Info"')) return "doko-logger";
    if (text.includes('"dataVersion"') && text.includes('"playersSet"')) return "qtdoppelkopf";
    return null;
  }
  if (/FreeDoko/.test(text) || /^seed: /m.test(text) || lower.includes("bugreport")) return "freedoko";
  if (lower.endsWith(".csv") || head.includes("\u0000") || /[;,\t]/.test(text.split("\n", 1)[0])) return "csv";
  return null;
}

// The import controls in the load panel; `load(text)` puts the page's JSON in the box and
// checks it, `text()` is what is in the box. Answers `file(file)`: true where the file
// was another program's and was read here.
export function mountImport(section, {load, text}) {
  const select = el("select", {id: "import-format", "data-i18n-label": "import_format"},
                    FORMATS.map(f => el("option", {value: f, "data-i18n": LABELS[f]}, t(LABELS[f]))));
  const dealer = el("input", {type: "text", id: "import-dealer", size: 14,
                              "data-i18n-label": "import_first_dealer",
                              "data-i18n-placeholder": "import_first_dealer",
                              placeholder: t("import_first_dealer")});
  const rows = el("select", {id: "import-rows", "data-i18n-label": "import_rows"},
                  [["", "import_rows_auto"], ["per_game", "import_rows_per_game"],
                   ["totals", "import_rows_totals"]].map(([v, k]) => el("option", {value: v, "data-i18n": k}, t(k))));
  const button = el("button", {type: "button", id: "import", "data-i18n": "import_button"},
                    t("import_button"));
  const out = el("div", {id: "import-notes", class: "import-notes", role: "status"});
  section.append(el("div", {class: "actions import-row"},
                    el("label", {}, el("span", {"data-i18n": "import_format"}, t("import_format")), " ", select),
                    rows, dealer, button), out);
  button.addEventListener("click", () => run(select.value, text(), "text/plain; charset=utf-8"));

  async function run(format, body, type) {
    clear(out);
    const query = new URLSearchParams();
    if (dealer.value.trim()) query.set("first_dealer", dealer.value.trim());
    if (format === "csv" && rows.value) query.set("sheet", rows.value);
    let response, answer = null;
    try {
      response = await fetch(`/v1/imports/${format}?${query}`, {method: "POST", body,
        headers: {"Content-Type": type, "Accept-Language": language()}});
      answer = await response.json();
    } catch (error) {
      out.append(el("p", {class: "error", role: "alert"}, t("import_error"), " ", String(error.message ?? error)));
      return;
    }
    if (!response.ok) {
      out.append(el("p", {class: "error", role: "alert"}, t("import_error"), " ", answer?.detail ?? response.status),
                 el("ul", {}, (answer?.errors ?? []).map(e => el("li", {}, e.message))));
      return;
    }
    if (answer.notes.length) {
      out.append(el("p", {class: "hint"}, t("import_notes")),
                 el("ul", {class: "notes"}, answer.notes.map(n => el("li", {}, n))));
    }
    await load(JSON.stringify(answer.imported, null, 1));
  }

  return {
    async file(file) {
      const bytes = await file.arrayBuffer();
      const format = formatOf(file.name, new TextDecoder().decode(bytes.slice(0, 4096)));
      if (format === null) return false;
      select.value = format;
      await run(format, bytes, "application/octet-stream");
      return true;
    },
  };
}
