// @ts-check
// All steps here (issue 33): every step every technique finds at the player's position (bridge op
// "all_steps_job", run in slices by engine.runJob: a progress line and Cancel), grouped by technique in
// score order, the groups listed as their search ends; the techniques the rating never uses (Franken,
// Mutant, Kraken fish) are marked so. Choosing a step draws it through the hint (steplist.js) as a hint's
// last level draws it; nothing here changes the grid, the notes or the undo history, and a changed
// position drops the list (a stale answer is never shown).
import { engineLanguage as lang, panelT } from "./i18n.js";
import { isStopped } from "./engine.js";
import { el } from "./dom.js";
import { chooseStep, pressItem, unpressAll } from "./steplist.js";

const t = panelT("hints");

/** What All steps here answers once done. @typedef {import("../ops.js").AllStepsSlice} AllResult */

export class AllSteps {
  /** @type {AbortController | null} the job running (aborted: cancelled) */
  run = null;
  /** @type {AllResult | null} */
  result = null;
  /** @type {[number, number] | null} the group and step chosen */
  chosen = null;
  /** @type {string | null} the position the list is of */
  position = null;

  /** @param {import("./steplist.js").StepHost} host */
  constructor(host) {
    this.host = host;
    this.button = el("button", { type: "button", id: "all-steps", "aria-expanded": "false",
      "aria-controls": "all-steps-panel", text: t("allSteps") });
    this.info = el("p", { id: "all-info", class: "all-info", role: "status", "aria-live": "polite" });
    this.cancelButton = el("button", { type: "button", id: "all-cancel", text: t("cancel") });
    this.cancelButton.hidden = true;
    this.closeButton = el("button", { type: "button", id: "all-close", text: t("hide") });
    this.list = el("div", { id: "all-list", class: "all-list", role: "group", "aria-label": t("allList") });
    this.el = el("section", { id: "all-steps-panel", class: "all-panel", "aria-label": t("allSteps") },
      el("div", { class: "row all-row" }, this.info, this.cancelButton, this.closeButton), this.list);
    this.el.hidden = true;
    this.button.addEventListener("click", () => this.load());
    this.cancelButton.addEventListener("click", () => this.cancel());
    this.closeButton.addEventListener("click", () => this.close(true));
    this.list.addEventListener("click", (event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("button[data-group]"));
      if (button) this.choose(Number(button.dataset.group), Number(button.dataset.step), button);
    });
    this.list.addEventListener("keydown", (event) => this.onKey(event));
    this.el.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        this.close(true);
      }
    });
  }

  // The position changed: a list of another position goes (and its search stops).
  onChange() {
    if ((this.result || this.run) && this.host.positionKey() !== this.position) this.close(false);
  }

  // The page's language changed: its texts, and the list drawn again.
  relabel() {
    this.button.textContent = t("allSteps");
    this.cancelButton.textContent = t("cancel");
    this.closeButton.textContent = t("hide");
    this.el.setAttribute("aria-label", t("allSteps"));
    this.list.setAttribute("aria-label", t("allList"));
    if (this.result) this.draw();
    else if (this.run) this.info.textContent = this.run.signal.aborted ? t("allCancelled") : "";
  }

  async load() {
    const host = this.host;
    if (!host.game.hasPuzzle) {
      host.showText(t("noPuzzle"), "info");
      return;
    }
    if (this.run) return; // already working: the progress line says so
    const key = host.positionKey();
    const run = new AbortController();
    this.run = run;
    this.result = null;
    this.chosen = null;
    this.position = key;
    this.el.hidden = false;
    this.button.setAttribute("aria-expanded", "true");
    this.button.setAttribute("aria-busy", "true");
    this.list.replaceChildren();
    this.cancelButton.hidden = false;
    this.info.textContent = t("asking");
    /** @type {import("../ops.js").StepGroup[]} */
    let found = [];
    let result;
    try {
      // A job in slices, as the solution path: the progress line names the technique searched, Cancel
      // stops the work within one slice, and a changed position stops it too (its answer is stale).
      result = await host.engine.runJob("all_steps_job", host.payload(), { signal: run.signal,
        stale: () => key !== host.positionKey(),
        onProgress: (slice) => {
          // The techniques searched so far are listed at once (issue 33): the easy ones come in the first
          // slice, while the slow ones (complex fish, forcing chains) are still searched; they can be chosen.
          if (slice.new_groups && slice.new_groups.length) {
            found = found.concat(slice.new_groups);
            this.result = /** @type {AllResult} */ ({ status: "working", groups: found });
            this.append(found);
          }
          const name = slice.name || {};
          this.info.textContent = t("allWorking", { name: name[lang()] || name.en || "",
            k: /** @type {number} */ (slice.k) + 1, n: slice.n, count: slice.nsteps });
        } });
    } catch (error) {
      if (run.signal.aborted) return; // cancelled: the line says so
      if (isStopped(error)) this.close(false); // stale: the position changed
      else this.info.textContent = t("failed", { message: /** @type {Error} */ (error).message });
      return;
    } finally {
      if (this.run === run) this.run = null;
      this.cancelButton.hidden = true;
      this.button.removeAttribute("aria-busy");
    }
    this.result = result;
    const streamed = this.list.querySelectorAll("details.all-group").length;
    if (result.status === "steps" && streamed) {
      this.append(result.groups || []); // the groups listed while searching stay as the player left them
      this.drawInfo();
    } else {
      this.draw();
    }
  }

  cancel() {
    if (!this.run) return;
    this.run.abort();
    this.cancelButton.hidden = true;
    this.info.textContent = t("allCancelled");
    this.button.focus(); // the Cancel button hides: the keyboard goes back to where it started
  }

  // Hide the list (and stop its work); `focus`: the player closed it, so the keyboard goes back to the button.
  /** @param {boolean} focus */
  close(focus) {
    if (this.run) this.run.abort();
    const drawn = this.chosen || (this.result && this.result.status === "mistake");
    if (this.chosen) this.host.endEntry();
    this.result = null;
    this.chosen = null;
    this.position = null;
    this.el.hidden = true;
    this.cancelButton.hidden = true;
    this.list.replaceChildren();
    this.button.setAttribute("aria-expanded", "false");
    if (drawn) this.host.restoreHint();
    if (focus) this.button.focus();
  }

  // No step of the list is drawn any more (the hint's endEntry).
  unpress() {
    unpressAll(this.list);
    this.chosen = null;
  }

  // The line above the list once the search is done: how many steps, or what the hint would say.
  drawInfo() {
    const r = this.result;
    if (!r || r.status === "working") return; // the search's progress line stays
    const groups = r.groups || [];
    if (r.status === "steps") {
      this.info.textContent = t(groups.length === 1 && /** @type {number} */ (r.count) > 1 ? "allDoneOneTechnique" : "allDone",
        { count: r.more ? `${r.count}+` : r.count, groups: groups.length });
    } else {
      // A mistake, a solved grid, no step at all, or not a proper puzzle: what the hint would say.
      const message = r.messages && r.messages["2"];
      this.info.textContent = message ? (message.text[lang()] || message.text.en) : "";
      if (r.status === "mistake") this.host.highlight({ mistakes: r.mistakes, full: true });
    }
  }

  // The groups of `groups` not yet in the list, added at its end (open groups and a chosen step stay).
  /** @param {import("../ops.js").StepGroup[]} groups */
  append(groups) {
    const drawn = this.list.querySelectorAll("details.all-group").length;
    this.list.append(...groups.slice(drawn).map((g, i) => this.group(g, drawn + i)));
  }

  draw() {
    const r = this.result;
    if (!r) return;
    this.drawInfo();
    this.list.replaceChildren(...(r.groups || []).map((g, gi) => this.group(g, gi)));
    const chosen = this.chosen;
    if (chosen) {
      const button = this.list.querySelector(`button[data-group="${chosen[0]}"][data-step="${chosen[1]}"]`);
      if (button) {
        /** @type {HTMLDetailsElement} */ (button.closest("details")).open = true;
        pressItem(button);
      }
    }
  }

  // One technique's group: its name and count, its steps as buttons (index `gi` in the result's groups).
  /** @param {import("../ops.js").StepGroup} g @param {number} gi */
  group(g, gi) {
    const name = g.name[lang()] || g.name.en;
    const summary = el("summary", { class: "all-summary" }, el("span", { class: "all-name", text: name }), " ",
      el("span", { class: "all-count", text: t(g.more ? "stepsMore" : "steps", { count: g.count }) }));
    if (!g.ladder) summary.append(" ", el("span", { class: "all-off", title: t("allOffTip"), text: t("allOff") }));
    const items = g.steps.map((s, si) => el("li", {},
      el("button", { type: "button", class: "all-step", "data-group": String(gi), "data-step": String(si),
        "aria-pressed": "false", text: s.text[lang()] || s.text.en })));
    // The engine stops a technique's search one step past the cap (issue 33): it says there are more.
    return el("details", { class: "all-group", "data-technique": g.technique, "data-ladder": String(g.ladder) },
      summary, el("ol", { class: "all-steps" }, ...items),
      ...(g.more ? [el("p", { class: "all-more", text: t("allMore", { count: g.steps.length }) })] : []));
  }

  // Draw one step of the list on the board, as a hint's last level draws it; choosing it again hides it.
  /** @param {number} gi @param {number} si @param {HTMLElement} button */
  choose(gi, si, button) {
    const g = this.result && this.result.groups && this.result.groups[gi];
    const s = g && g.steps[si];
    if (!s || !chooseStep(this.host, button, s, g.name)) return;
    this.chosen = [gi, si];
    this.revealBoard(button);
  }

  // The list sits under the board: when the board's top or the chosen step is off screen (a phone, a short
  // window), put the chosen step at the top of the list's box and scroll the page as little as shows the
  // board (where the step is drawn) and the step's entry together, the board first.
  /** @param {HTMLElement} button */
  revealBoard(button) {
    const board = () => this.host.board.el.getBoundingClientRect();
    const item = () => button.getBoundingClientRect();
    if (board().top >= 0 && item().bottom <= window.innerHeight) return;
    const list = this.list;
    list.scrollTop += item().top - list.getBoundingClientRect().top;
    // On a phone the list is on More's sheet, fixed under the board (controls.js): the sheet scrolls to
    // the step, the page stays (a page scroll closes the sheet).
    const sheet = this.el.closest(".more-panel.open");
    if (sheet && getComputedStyle(sheet).position === "fixed") {
      const over = item().bottom - sheet.getBoundingClientRect().bottom;
      if (over > 0) sheet.scrollTop += over;
      return;
    }
    const top = board().top;
    const below = item().bottom - window.innerHeight;
    const by = top < 0 ? Math.min(0, Math.max(top - 4, below)) : Math.max(0, Math.min(top - 4, below));
    if (by) window.scrollBy({ top: by, behavior: "instant" });
  }

  // Arrow keys move through the list (the technique headings and the steps of the open ones), Home/End
  // to its ends; Tab, Enter and Space work as on any button.
  /** @param {KeyboardEvent} event */
  onKey(event) {
    /** @type {Record<string, number>} */
    const moves = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    if (!(event.key in moves)) return;
    const items = [.../** @type {NodeListOf<HTMLElement>} */ (this.list.querySelectorAll("summary, details[open] button.all-step"))];
    if (!items.length) return;
    event.preventDefault();
    const at = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));

    const move = moves[event.key];
    const next = Number.isFinite(move) ? Math.min(Math.max(at + move, 0), items.length - 1)
      : move < 0 ? 0 : items.length - 1;
    items[next].focus();
  }
}
