// The score sheet of a checked game: the items signed from the winners' side, the
// multiplier and value, each player's score, and what was written down where it differs.
// Methods of GameView (gameview.js), kept here by concern.
import { cardElement } from "./cards.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { PENALTIES } from "./rulings.js";

const FIELD_LABELS = {winner: "winner", value: "value", scores: "seat_scores",
                      card_points: "card_points", valid: "validity"};

export class ScoreSheet {
  score() {
    const r = this.result;
    const section = el("section", {class: "score"}, el("h3", {text: t("score")}));
    if (!r.score) {
      section.append(el("p", {text: t("no_score")}));
      const next = r.legal_actions;
      if (next && next.seat !== null && next.seat !== undefined) {
        section.append(el("p", {class: "next"}, t("next_to_play", {name: this.name(next.seat)}), " ",
                          next.cards.map(card => cardElement(card))));
      }
      return section;
    }
    const diffs = new Map((r.claimed?.differences ?? []).map(d => [d.field, d]));
    const side = r.winner ?? "re";
    const items = r.score.items.filter(i => !PENALTIES.has(i.code));
    const penalties = r.score.items.filter(i => PENALTIES.has(i.code));
    const signed = item => (item.team === side ? 1 : -1) * item.points;
    const sum = items.reduce((n, item) => n + signed(item), 0);
    const show = n => (n > 0 ? `+${n}` : String(n));
    const winnerText = r.winner ? t(r.winner) : t("nobody");
    section.append(
      el("p", {}, `${t("winner")}: `, el("strong", {text: winnerText}),
        r.card_points ? ` — ${t("card_points")}: ${t("re")} ${r.card_points.re}, ${t("contra")} ${r.card_points.contra}` : ""),
      items.length ? el("div", {class: "table-scroll"}, el("table", {class: "items"},
        el("thead", {}, el("tr", {}, el("th", {text: t("item")}), el("th", {text: t("team")}),
                                   el("th", {text: t("trick")}),
                                   el("th", {class: "num", text: r.winner ? t("signed_winners", {team: t(side)}) : t("signed_re")}))),
        el("tbody", {}, items.map(item => el("tr", {class: item.team === side ? "plus" : "minus"},
          el("td", {}, this.codeText(item.code), item.seat !== undefined ? ` (${this.name(item.seat)})` : "",
             item.factor ? ` ×${item.factor}` : ""),
          el("td", {text: t(item.team)}), el("td", {text: item.trick ?? ""}),
          el("td", {class: "num signed", text: show(signed(item))})))),
        el("tfoot", {},
          el("tr", {class: "sum"}, el("th", {colspan: "3", text: t("sum")}), el("td", {class: "num", text: show(sum)})),
          el("tr", {}, el("th", {colspan: "3", text: t("multiplier")}), el("td", {class: "num", text: `×${r.score.multiplier}`})),
          el("tr", {}, el("th", {colspan: "3", text: t("value")}), el("td", {class: "num value"},
            String(r.score.value), diffs.has("value") ? el("span", {class: "claim-diff", text: ` (${t("claimed")}: ${JSON.stringify(diffs.get("value").claimed)})`}) : ""))))) : "",
      penalties.length ? el("div", {class: "penalty"},
        el("p", {}, el("strong", {text: `${t("penalty")}: `}),
          this.paysText(r.score.scores.map((s, seat) => [seat, s]).filter(([, s]) => s < 0),
                        r.score.scores.map((s, seat) => [seat, s]).filter(([, s]) => s > 0)),
          ` — ${t("in_place")} (${penalties.map(p => this.rule(p.code)).join(", ")}).`),
        !items.length ? el("p", {}, `${t("value")}: `, el("span", {class: "value", text: String(r.score.value)}),
          diffs.has("value") ? el("span", {class: "claim-diff", text: ` (${t("claimed")}: ${JSON.stringify(diffs.get("value").claimed)})`}) : "") : "") : "",
      this.seatTable(diffs),
      this.claimLine(diffs));
    return section;
  }

  seatTable(diffs) {
    const r = this.result;
    const claimedScores = diffs.get("scores")?.claimed;
    const team = seat => this.teamOf(seat) ? t(this.teamOf(seat)) : "";
    return el("table", {class: "seats"},
      el("thead", {}, el("tr", {}, el("th", {text: t("player")}), el("th", {text: t("team")}),
        el("th", {class: "num", text: t("computed")}),
        Array.isArray(claimedScores) ? el("th", {class: "num", text: t("claimed")}) : "")),
      el("tbody", {}, r.score.scores.map((points, seat) => {
        const claimed = Array.isArray(claimedScores) ? claimedScores[seat] : undefined;
        const differs = claimed !== undefined && claimed !== points;
        return el("tr", {class: differs ? "differs" : ""},
          el("td", {text: this.name(seat)}), el("td", {text: team(seat)}),
          el("td", {class: "num", text: points > 0 ? `+${points}` : String(points)}),
          claimed !== undefined ? el("td", {class: "num", text: `${claimed}${differs ? " ✖" : ""}`}) : "");
      })));
  }

  claimLine(diffs) {
    const claim = this.result.claimed;
    if (!claim) return "";
    if (claim.agrees) return el("p", {class: "claim good", text: t("claim_agrees")});
    return el("div", {class: "claim bad"}, el("p", {}, el("strong", {text: t("claim_differs")})),
      el("div", {class: "table-scroll"}, el("table", {class: "claim-table"},
        el("thead", {}, el("tr", {}, el("td"), el("th", {scope: "col", text: t("claimed")}), el("th", {scope: "col", text: t("computed")}))),
        el("tbody", {}, [...diffs.values()].map(d => el("tr", {},
          el("th", {scope: "row", text: t(FIELD_LABELS[d.field] ?? d.field)}), el("td", {text: this.shown(d.claimed)}),
          el("td", {text: this.shown(d.computed)})))))));
  }

  // A claimed or computed figure as a referee reads it: teams named, seats by name.
  shown(value) {
    if (value === null || value === undefined) return "–";
    if (value === "re" || value === "contra") return t(value);
    if (Array.isArray(value)) return value.map((v, seat) => `${this.name(seat)} ${v > 0 ? "+" : ""}${v}`).join(", ");
    if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${t(k)} ${v}`).join(", ");
    return String(value);
  }
}
