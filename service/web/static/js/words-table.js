// German and English labels of the tools at the table: checking and sharing, the trick
// overview, entering deals, marriages, poverties and sheet lines (added to i18n.js's).
import { addWords } from "./lang.js";

addWords({
  en: {
    checking: "Checking…",
    copy_by_hand: "Copy the link below (this browser did not let the page copy it).",
  },
  de: {
    checking: "Wird geprüft …",
    copy_by_hand: "Den Link unten kopieren (dieser Browser ließ die Seite ihn nicht kopieren).",
  },
});
