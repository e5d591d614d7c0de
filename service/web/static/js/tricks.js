// Every trick of the game in one grid: who led, the four cards in the order played, who
// won it, its card points and what happened in it (a fox caught, a Karlchen, a Doppelkopf,
// swines shown, the trick deciding a marriage). A method of GameView (gameview.js).
import { cardElement } from "./cards.js";
import { el } from "./dom.js";
import { callName, t } from "./i18n.js";

export class TrickGrid {
  trickOverview() {
    const tricks = this.result.tricks ?? [];
    if (!tricks.length) return "";
    const items = this.result.score?.items ?? [];
    const game = this.result.game;
    const step = this.steps[this.pos];
    const current = step?.kind === "event" ? this.events[step.index].trick : null;
    const specials = (k) => {
      const said = items.filter(i => i.trick === k + 1)
        .map(i => `${this.codeText(i.code).replace(/\.$/, "")}${i.seat !== undefined ? ` (${this.name(i.seat)})` : ` (${t(i.team)})`}`);
      for (const entry of this.events) {
        if (entry.trick === k && !entry.isCard && entry.event?.show !== undefined) {
          said.push(t("event_shows", {name: this.name(entry.event.seat), what: callName(entry.event.show)}));
        }
      }
      if (game?.type === "marriage" && game.deciding_trick === k + 1) said.push(`⚭ ${t("deciding_short")}`);
      return said;
    };
    return el("section", {class: "trick-overview", "aria-labelledby": "tricks-title"},
      el("h3", {id: "tricks-title", text: t("tricks")}),
      el("table", {class: "trick-grid"},
        el("colgroup", {}, el("col", {class: "col-no"}), el("col"), el("col", {class: "col-cards"}), el("col"),
           el("col", {class: "col-points"})),
        el("thead", {}, el("tr", {},
          el("th", {scope: "col", class: "num", text: t("game_no")}), el("th", {scope: "col", text: t("led_by")}),
          el("th", {scope: "col", text: t("trick_cards")}), el("th", {scope: "col", text: t("won_by")}),
          el("th", {scope: "col", class: "num", text: t("trick_points")}))),
        tricks.map((trick, k) => {
          const said = specials(k);
          const winnerAt = (trick.winner - trick.leader + 4) % 4;
          const marked = this.cards.filter(e => e.trick === k && this.marks.has(`event:${e.index}`)).map(e => e.place);
          return el("tbody", {class: current === k ? "current" : undefined, dataset: {trick: String(k + 1)}},
            el("tr", {class: "trick-row"},
              el("th", {scope: "row", class: "num"},
                el("button", {type: "button", class: "to-trick", "aria-label": t("show_trick", {n: k + 1}),
                              onclick: () => this.showTrick(k)}, String(k + 1))),
              el("td", {text: this.name(trick.leader)}),
              el("td", {class: "trick-cards"}, trick.cards.map((card, place) => {
                const node = cardElement(card, {marked: marked.includes(place)});
                if (place === winnerAt) node.classList.add("wins");
                return node;
              })),
              el("td", {class: "winner", text: `${this.name(trick.winner)} ★`}),
              el("td", {class: "num", text: String(trick.points)})),
            said.length ? el("tr", {class: "specials"}, el("td"), el("td", {colspan: "4", text: said.join(" · ")})) : "");
        })));
  }

  // The table at the trick's last card, brought into view.
  showTrick(k) {
    if (this.trickEnds[k] === undefined) return;
    this.go(this.trickEnds[k]);
    const table = this.container.querySelector(".table-view");
    table?.scrollIntoView({block: "start"});
    this.container.querySelector(".step-buttons .next, .step-label")?.focus({preventScroll: true});
  }
}
