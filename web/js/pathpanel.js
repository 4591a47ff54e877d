// @ts-check
// The solution path (issue 4): every step of the logic solve of the puzzle's givens, each with "Show on
// grid", which draws it through the hint (steplist.js) as a hint's last level draws it, for Apply to play.
// It runs as a job in slices (engine.runJob, bridge op "steps_job"): a hard 16x16 path takes seconds, so
// its count moves meanwhile, and a changed board stops the work. Its exact rating goes to the badge.
import { engineLanguage as lang, panelT } from "./i18n.js";
import { isStopped } from "./engine.js";
import { el } from "./dom.js";
import { chooseStep, unpressAll } from "./steplist.js";

const t = panelT("hints");

/** @typedef {import("../ops.js").StepEntry} StepEntry */
/** @typedef {import("../ops.js").Words} Words */

export class PathPanel {
  /** @type {StepEntry[] | null} */
  steps = null;
  /** @type {import("../ops.js").StepsSlice | null} */
  result = null;
  asking = false;

  /** @param {import("./steplist.js").StepHost} host @param {import("./badge.js").RatingBadge} badge */
  constructor(host, badge) {
    this.host = host;
    this.badge = badge;
    this.list = el("ol", { id: "path-list", class: "path-list" });
    this.info = el("p", { id: "path-info", class: "path-info" });
    this.button = el("button", { type: "button", id: "path-load", text: t("loadPath") });
    this.el = el("details", { id: "path-panel", class: "path-panel" },
      el("summary", { text: t("path") }), el("div", { class: "row" }, this.button), this.info, this.list);
    this.button.addEventListener("click", () => this.load());
    this.list.addEventListener("click", (event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-step]"));
      if (button) this.show(Number(button.dataset.step), button);
    });
  }

  /** @param {import("./game.js").ChangeReason} reason */
  onChange(reason) {
    if (reason === "load" || reason === "reset" || reason === "init" || reason === "restore") this.clear();
  }

  clear() {
    this.list.replaceChildren();
    this.info.textContent = "";
    this.steps = null;
    this.result = null;
  }

  async load() {
    const game = this.host.game;
    if (!game.hasPuzzle) {
      this.info.textContent = t("noPuzzle");
      return;
    }
    const revision = game.revision;
    if (this.asking) return;
    this.asking = true;
    this.button.setAttribute("aria-busy", "true");
    this.info.textContent = t("asking");
    let result;
    try {
      // A job in slices: a hard 16x16 path takes seconds, so the count moves meanwhile, and a changed
      // board stops the work instead of waiting for an answer nobody wants.
      result = await this.host.engine.runJob("steps_job", game.payload(), {
        stale: () => revision !== game.revision,
        onProgress: (slice) => { this.info.textContent = t("pathWorking", { count: slice.nsteps }); } });
    } catch (error) {
      this.info.textContent = isStopped(error) ? "" : t("failed", { message: /** @type {Error} */ (error).message });
      return;
    } finally {
      this.asking = false;
      this.button.removeAttribute("aria-busy");
    }
    this.steps = result.steps || [];
    this.result = result;
    this.badge.set(result);
    this.draw();
  }

  draw() {
    const result = this.result;
    if (!result) return;
    const steps = this.steps || /** @type {StepEntry[]} */ ([]);
    if (result.status === "no_solution") this.info.textContent = t("pathNone");
    else if (result.status === "multiple") this.info.textContent = t("pathMultiple");
    else if (result.status === "gave_up") this.info.textContent = t("pathGaveUp");
    else this.info.textContent = `${this.badge.text(result)} · ${t("steps", { count: steps.length })}`
      + (result.solved ? "" : ` · ${t("pathStuck")}`);
    this.list.replaceChildren(...steps.map((s, i) => el("li", { class: "path-step" },
      el("span", { class: "path-name", text: /** @type {Words} */ (s.name)[lang()] || /** @type {Words} */ (s.name).en }), " ",
      el("span", { class: "path-text", text: s.text[lang()] || s.text.en }), " ",
      el("button", { type: "button", class: "path-show", "data-step": String(i), "aria-pressed": "false",
        text: t("show") }))));
    this.host.clearHighlights();
  }

  // The page's language changed: its texts, and the path drawn again.
  relabel() {
    this.button.textContent = t("loadPath");
    /** @type {Element} */ (this.el.querySelector("summary")).textContent = t("path");
    this.draw();
  }

  // Show a step on the grid (through the hint); showing it again hides it.
  /** @param {number} i @param {HTMLElement} button */
  show(i, button) {
    const s = this.steps && this.steps[i];
    if (s) chooseStep(this.host, button, s, s.name || { en: "" });
  }

  // No step of the path is drawn any more (the hint's endEntry).
  unpress() {
    unpressAll(this.list);
  }
}
