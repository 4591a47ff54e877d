// @ts-check
// What the hint panel's lists of steps (the solution path, pathpanel.js; All steps here, allsteps.js) share:
// the one interface they draw through, the hint (hints.js), and how a list shows its chosen step. A list
// draws a step on the board as the hint's last level does (`showEntry`), the hint's Apply then plays it;
// `endEntry` takes it off (and every list unpresses), `restoreHint` brings the hint's own drawing back;
// `chooseStep` is the one toggle both lists run when the player chooses one of their steps.

/** @typedef {import("../ops.js").StepEntry} StepEntry */
/** @typedef {import("../ops.js").Words} Words */
/**
 * What a hint or step marks on the board (cells 0-based, candidates [cell, digit]) and the step drawn over it
 * (`full`: its last level, where what it places and removes is drawn and a struck-out candidate named).
 * @typedef {{cells?: number[], candidates?: import("../ops.js").Cand[], placements?: import("../ops.js").Cand[],
 *   eliminations?: import("../ops.js").Cand[], mistakes?: import("../ops.js").Mistake[], full?: boolean,
 *   step?: Partial<import("../ops.js").StepData> | null}} Marks
 */
/**
 * The hint as the lists see it (HintsPanel implements it).
 * @typedef {{
 *   game: import("./game.js").Game, board: import("./board.js").BoardView, engine: import("./engine.js").EngineClient,
 *   positionKey: () => string, payload: () => import("../ops.js").PositionPayload,
 *   showEntry: (s: StepEntry, name: Words) => void, endEntry: () => void, restoreHint: () => void,
 *   clearHighlights: () => void, highlight: (marks: Marks) => void,
 *   showText: (text: string, kind: string) => void}} StepHost
 */

// A list of steps shows its chosen entry pressed and current.
/** @param {HTMLElement} list */
export function unpressAll(list) {
  for (const b of list.querySelectorAll("button[aria-pressed=true]")) {
    b.setAttribute("aria-pressed", "false");
    /** @type {Element} */ (b.closest("li")).classList.remove("current");
  }
}

/** @param {Element} button */
export function pressItem(button) {
  button.setAttribute("aria-pressed", "true");
  /** @type {Element} */ (button.closest("li")).classList.add("current");
}

/**
 * The player chose a step of a list (its button): any step drawn is taken off; the step is then drawn on the
 * board as a hint's last level draws it, its button pressed, unless it was the one drawn, which is then only
 * taken off and the hint's own drawing comes back. Returns whether the step is drawn now.
 * @param {StepHost} host @param {HTMLElement} button @param {StepEntry} step @param {Words} name
 * @returns {boolean}
 */
export function chooseStep(host, button, step, name) {
  const on = button.getAttribute("aria-pressed") !== "true";
  host.endEntry();
  if (!on) {
    host.restoreHint();
    return false;
  }
  pressItem(button);
  host.showEntry(step, name);
  return true;
}
