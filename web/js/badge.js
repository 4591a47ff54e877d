// @ts-check
// The rating badge (issue 4): the level of every puzzle loaded (import, share link, new game), from the
// engine's quick rating ("rate"), or the exact one once the solution path has been worked out (pathpanel.js);
// a New game Extreme's from New game itself (its quick rating would only say "Extreme+", after seconds).
// The level is the headline; the score and the hardest step are in its tooltip. Each rating is also told
// to the game as its "rated" event (main.js names the level of a puzzle that came without one).
import { engineLanguage as lang, panelT } from "./i18n.js";
import { el } from "./dom.js";

const t = panelT("hints");

/** @typedef {import("../ops.js").Rating} Rating */

export class RatingBadge {
  /** @type {Partial<Rating> | undefined} the rating shown */ rating;

  /** @param {{game: import("./game.js").Game, engine: import("./engine.js").EngineClient}} options */
  constructor({ game, engine }) {
    this.game = game;
    this.engine = engine;
    this.rateSerial = 0;
    this.el = el("span", { id: "rating-badge", class: "rating-badge", role: "status", tabindex: "0" });
    this.el.hidden = true;
  }

  /** @param {import("./game.js").ChangeReason} reason */
  onChange(reason) {
    if (reason === "load" || reason === "reset" || reason === "init" || reason === "restore") {
      this.rateCurrent(reason);
    } else if (reason === "edit") {
      this.rateSerial += 1; // the rating was of other givens
      this.el.hidden = true;
    }
  }

  relabel() {
    if (this.rating) this.set(this.rating);
  }

  /** @param {Partial<Rating>} r */
  text(r) {
    if (r.status === "no_solution") return t("rating_none");
    if (r.status === "multiple") return t("rating_multiple");
    if (r.status === "gave_up" || !r.level) return t("rating_unknown");
    const level = r.level === "guessing" ? t("guessing") : t(r.level);
    if (r.exact === false) return `${level}+`; // quick rating: extreme or harder
    return level;
  }

  // The level is the headline; the score and the hardest step are in the tooltip, which says what
  // the score means (it grows within a level, and levels do not overlap on it).
  /** @param {Partial<Rating>} r */
  tip(r) {
    if (r.status === "gave_up" || !r.level) return t("rating_unknownTip");
    if (r.status === "no_solution" || r.status === "multiple") return "";
    const hardest = r.hardest_name ? (r.hardest_name[lang()] || r.hardest_name.en) : "";
    return t("badgeTip", { score: Number(r.score || 0).toFixed(1), hardest: hardest || "—" });
  }

  /** @param {Partial<Rating>} r */
  set(r) {
    this.rating = r;
    const badge = this.el;
    badge.hidden = false;
    badge.dataset.level = r.level || r.status || "";
    badge.textContent = this.text(r);
    badge.title = this.tip(r);
    badge.setAttribute("aria-label", `${t("rating")}: ${this.text(r)}. ${badge.title}`);
    this.game.dispatchEvent(new CustomEvent("rated", { detail: r }));
  }

  /** @param {import("./game.js").ChangeReason} reason */
  async rateCurrent(reason) {
    const serial = ++this.rateSerial;
    const badge = this.el;
    badge.hidden = true;
    if ((reason !== "load" && reason !== "restore") || !this.game.hasPuzzle) return;
    badge.hidden = false;
    const { source, level } = this.game.info;
    if (reason === "load" && source === "new" && level === "extreme") {
      // New game's Extreme comes rated (the generator's, carried from its catalogue entry, or the bank's, which
      // its tests rate). The quick rating would say only "Extreme+", after every technique below the forcing
      // chains had run to a stall: 7-8 s of a 16x16's CPU in Chromium, which a hint asked for would wait behind.
      this.set({ level, status: "unique" });
      return;
    }
    badge.dataset.level = "";
    badge.textContent = t("rating_wait");
    try {
      const r = await this.engine.request("rate", { ...this.game.payload(), quick: true });
      if (serial === this.rateSerial) this.set(r);
    } catch {
      if (serial === this.rateSerial) badge.hidden = true;
    }
  }
}
