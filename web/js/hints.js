// @ts-check
// The hint (issue 4), and the panel it heads: the solution path (pathpanel.js), All steps here
// (allsteps.js) and the rating badge (badge.js) are its parts, made and told of the game's changes and the
// language by it, in a fixed order. The engine does the thinking (bridge op "hint"); this module asks,
// shows the answer a level at a time and marks the board, for itself and for the lists' steps (the
// interface they draw through is steplist.js's StepHost).
//
// * Hint: each press reveals one level more (0 nudge, 1 where, 2 the whole step); a changed grid
//   starts again at 0. Mistakes (a wrong entry, a true candidate struck out) come first, because the
//   engine checks them before any reasoning.
// * Highlights are CSS classes on the board's cells, each readable without colour: a dashed outline
//   (cells to look at), a thick double outline (a placement), diagonal stripes (an elimination), a
//   dotted outline (a mistake); candidates are written in the cell's corner, where a mistake has a
//   cross (or, at the last level, "+d" for a true candidate struck out) rather than a mark over the
//   cell's first pencil-mark slot.
// * Apply: plays the step. With a game that has `applyHint(step)` (undoable move) that is used;
//   otherwise placements go in with `setCell` and eliminations are remembered here and sent as pencil.
// * A step of a list (the solution path, All steps here) is drawn as a hint's last level draws it
//   (showEntry), and Apply plays it.
//
// Strings: in the catalogues (t() of i18n.js), this panel's under "hints.", the level names under "level.";
// the engine's own explanations come in every language of the catalogues, picked by `engineLanguage`.
import { engineLanguage as lang, panelT } from "./i18n.js";
import { ReasonOverlay } from "./overlay.js";
import { lessonLink, practisedFor } from "./practise.js";
import { HINT_CLASSES } from "./board.js";
import { boxOf } from "./geometry.js";
import { el } from "./dom.js";
import { RatingBadge } from "./badge.js";
import { PathPanel } from "./pathpanel.js";
import { AllSteps } from "./allsteps.js";

// The techniques that place a digit for want of another place or digit: their drawing before the last
// level shows where to look (the house, the digits that rule the rest out), never the cell (the engine's
// explain.SINGLES).
const SINGLES = new Set(["full_house", "hidden_single", "naked_single"]);

const t = panelT("hints");

/** @typedef {import("../ops.js").Hint} Hint */
/** @typedef {import("../ops.js").StepEntry} StepEntry */
/** @typedef {import("../ops.js").StepData} StepData */
/** @typedef {import("../ops.js").Cand} Cand */
/** @typedef {import("../ops.js").Words} Words */
/** @typedef {import("./steplist.js").Marks} Marks */

/**
 * Where the panel goes and what it works on: the hint row in `root`, the solution path in `pathRoot`, the
 * rating badge in `badgeRoot` (each `root` when not given).
 * @typedef {{root: HTMLElement, pathRoot?: HTMLElement | null, badgeRoot?: HTMLElement | null,
 *   game: import("./game.js").Game, board: import("./board.js").BoardView,
 *   engine: import("./engine.js").EngineClient}} HintsOptions
 */

/** @typedef {import("./steplist.js").StepHost} StepHost */

/** @implements {StepHost} */
export class HintsPanel {
  // Made by build().
  /** @type {HTMLElement} */ hintButton;
  /** @type {HTMLElement} */ applyButton;
  /** @type {HTMLElement} */ levelText;
  /** @type {HTMLElement} */ text;
  /** @type {ReturnType<typeof lessonLink>} */ lesson;
  // Set as the panel works.
  /** @type {string | undefined} the position a drawn step of a list was drawn on */ entryKey;
  /** @type {boolean | undefined} */ asking;
  /** @type {number | undefined} */ extraPresses;

  /** @param {HintsOptions} options */
  constructor({ root, pathRoot, badgeRoot, game, board, engine }) {
    this.game = game;
    this.board = board;
    this.engine = engine;
    this.root = root;
    /** @type {Hint | null} */
    this.hint = null; // the engine's answer for the position `hintKey`
    /** @type {string | null} */
    this.hintKey = null;
    this.level = -1;
    /** @type {StepEntry | null} */
    this.entry = null; // a step of a list (the solution path, every step here) drawn on the board, to apply
    /** @type {Words | null} */
    this.applied = null; // the name of the step last applied, said again in a new language
    this.overlay = new ReasonOverlay(board.el);
    // The panel's parts: each draws a step through this one (steplist.js), the path tells the badge its rating.
    this.badge = new RatingBadge({ game, engine });
    this.path = new PathPanel(this, this.badge);
    this.all = new AllSteps(this);
    this.build(root, pathRoot || root, badgeRoot || root);
    game.addEventListener("change", (event) => this.onChange(event.detail.reason));
    document.addEventListener("sudoku:language", () => this.relabel());
  }

  // The hint button and its text go in `root` (under the board), the solution path in `pathRoot`
  // (the study panel), the rating badge in `badgeRoot` (the bar over the board).
  /** @param {HTMLElement} root @param {HTMLElement} pathRoot @param {HTMLElement} badgeRoot */
  build(root, pathRoot, badgeRoot) {
    this.hintButton = el("button", { type: "button", id: "hint", class: "primary", text: t("hint") });
    this.applyButton = el("button", { type: "button", id: "hint-apply", text: t("apply"), hidden: true });
    this.applyButton.hidden = true;
    this.levelText = el("span", { id: "hint-level", class: "hint-level" });
    this.text = el("p", { id: "hint-text", class: "hint-text", role: "status", "aria-live": "polite" });
    this.text.hidden = true;
    this.lesson = lessonLink(); // the technique's lesson, beside the text (practise.js)
    root.replaceChildren(el("div", { class: "row hint-row" }, this.hintButton, this.applyButton, this.all.button,
      this.levelText), this.text, this.overlay.legendEl, this.lesson.el, this.all.el);
    if (pathRoot === root) root.append(this.path.el);
    else pathRoot.replaceChildren(this.path.el);
    const row = /** @type {Element} */ (root.querySelector(".hint-row"));
    if (badgeRoot === root) row.append(this.badge.el);
    else badgeRoot.replaceChildren(this.badge.el);
    // Like the play toolbar: a mouse press on Hint or Apply leaves the keyboard focus on the grid.
    row.addEventListener("mousedown", (event) => {
      if (/** @type {Element} */ (event.target).closest("button")) event.preventDefault();
    });
    this.hintButton.addEventListener("click", () => this.press());
    this.applyButton.addEventListener("click", () => this.apply());
  }

  // The rating shown (the badge's; tests read it here).
  get rating() {
    return this.badge.rating;
  }

  // --- the game, through adapters until the play model lands ------------------------------------

  entries() {
    const e = this.game.entries;
    return Array.isArray(e) && e.length === this.game.ncells ? e.map((v) => v || 0) : null;
  }

  // Pencil marks for the engine (lists of digits; an empty list = not pencilled). The game's notes
  // are masks with bit d-1 for digit d; an elimination applied from a hint is in them (Game.applyHint).
  pencil() {
    const notes = this.game.notes;
    const n = this.game.n;
    const hasNotes = Array.isArray(notes) && notes.length === this.game.ncells && notes.some((m) => m);
    if (!hasNotes) return null;
    const all = Array.from({ length: n }, (_, i) => i + 1);
    const removed = this.game.removedNotes();
    return Array.from({ length: this.game.ncells }, (_, c) => {
      // Partial notes are the player's shorthand, not a candidate list: the engine works out that
      // cell's candidates itself, so a candidate never written is not a "struck-out" mistake.
      const mask = this.game.notesComplete(c, removed) ? notes[c] : 0;
      return mask ? all.filter((d) => (mask >> (d - 1)) & 1) : [];
    });
  }

  // What the hint was about: a new position needs a new hint.
  positionKey() {
    const g = this.game;
    return [g.n, g.variant, String(g.regions), JSON.stringify(g.cages), g.givens.join(""), (g.entries || []).join(""),
      (g.notes || []).join(",")].join("|");
  }

  payload() {
    /** @type {import("../ops.js").PositionPayload} */
    const p = { ...this.game.payload(), cells: Array.from(this.game.givens) };
    const entered = this.entries();
    if (entered) p.entered = entered;
    const pencil = this.pencil();
    if (pencil) p.pencil = pencil;
    // The givens' unique solution, once the page knows it: the engine need not solve them for each hint.
    if (this.game.truth && this.game.mode === "play") p.solution = Array.from(this.game.truth);
    const prefer = practisedFor(this.game); // a Practise game: its technique first
    if (prefer) p.prefer = prefer;
    return p;
  }

  // --- highlights --------------------------------------------------------------------------------

  clearHighlights() {
    for (const cell of this.board.cells) {
      if (HINT_CLASSES.some((k) => cell.classList.contains(k)) || cell.dataset.hint !== undefined) {
        cell.classList.remove(...HINT_CLASSES);
        delete cell.dataset.hint;
      }
    }
    this.board.el.classList.remove("has-highlights");
    this.board.ui.hintNotes = null;
    this.overlay.clear();
    this.board.render(this.game); // the cells' names drop "in the hint"
  }

  // marks: {cells, candidates, placements, eliminations, mistakes} as the engine sends them: cells
  // 0-based, candidates [cell, digit];
  // `full`: the hint's last level, where a struck-out candidate is named.
  /** @param {Marks} marks */
  highlight({ cells = [], candidates = [], placements = [], eliminations = [], mistakes = [], full = false,
    step = null }) {
    this.clearHighlights();
    // The reason, drawn over the grid: houses, causing candidates, sets and links; what the step removes
    // and places only at the full level.
    const g = this.game;
    if (step) {
      this.overlay.draw(step, { n: g.n, box: g.box, variant: g.variant, regions: g.regions, cages: g.cages },
        { full, legend: full || this.level >= 1 }); // the legend under the hint's text: levels 2 and 3
    }
    // Every candidate the drawing stands on is on the board: a cell it uses shows the player's candidates
    // there (Game.candidateState), and any the drawing names besides (a step of the solution path is of
    // another position), in the notes' places, set apart from the player's own notes.
    this.board.ui.hintNotes = step && !SINGLES.has(/** @type {string} */ (step.technique)) ? this.hintNotes(step, full) : null;
    const cellsEl = this.board.cells;
    /** @type {Map<number, string[]>} */
    const notes = new Map();
    const note = (/** @type {number} */ i, /** @type {string} */ text) => notes.set(i, [...(notes.get(i) || []), text]);
    const add = (/** @type {number} */ i, /** @type {string} */ cls) => cellsEl[i] && cellsEl[i].classList.add(cls);
    for (const c of cells) add(c, "hl-cell");
    for (const [c] of candidates) add(c, "hl-cand");
    for (const [c, d] of placements) {
      add(c, "hl-place");
      note(c, `=${this.game.symbol(d)}`);
    }
    for (const [c] of eliminations) add(c, "hl-elim");
    for (const m of mistakes) {
      add(m.cell, "hl-mistake");
      note(m.cell, full && m.kind === "missing_candidate" ? `+${this.game.symbol(m.digit)}` : "✗");
    }
    for (const [i, parts] of notes) if (cellsEl[i]) cellsEl[i].dataset.hint = [...new Set(parts)].join(" ");
    this.board.el.classList.toggle("has-highlights", !!step || cellsEl.some((c) => HINT_CLASSES.some((k) => c.classList.contains(k))));
    this.board.render(this.game); // the cells' names say they are part of the hint
  }

  // The candidates to show for a drawn step: cell -> mask (bit d-1 for digit d) of the empty cells whose
  // candidates it names, each the player's candidates there plus the digits the step names; the board
  // draws those the player has not written apart from the notes.
  // Before the last level the cells it removes from are not shown (that is part of the answer).
  /** @param {Partial<StepData>} step @param {boolean} full @returns {Map<number, number>} */
  hintNotes(step, full) {
    const g = this.game;
    const state = g.candidateState();
    const filled = g.filled();
    /** @type {Map<number, number>} */
    const named = new Map();
    const add = (/** @type {Cand} */ [cell, d]) => {
      if (!filled[cell] && d >= 1 && d <= g.n) named.set(cell, (named.get(cell) || 0) | (1 << (d - 1)));
    };
    for (const key of /** @type {("candidates" | "eliminations" | "fins")[]} */ (full ? ["candidates", "eliminations", "fins"] : ["candidates", "fins"])) {
      for (const cd of step[key] || []) add(cd);
    }
    for (const link of step.links || []) for (const cd of [...link.from, ...link.to]) add(cd);
    for (const group of step.groups || []) for (const cd of group.candidates) add(cd);
    const out = new Map();
    for (const [cell, mask] of named) out.set(cell, (state[cell] | mask) & ~g.notes[cell]);
    return out;
  }

  // --- hint ----------------------------------------------------------------------------------------

  // The game changed: the parts first (a new puzzle clears the path and is rated; a list of another
  // position goes), then a drawn step or a hint of another position.
  /** @param {import("./game.js").ChangeReason} reason */
  onChange(reason) {
    this.path.onChange(reason);
    this.badge.onChange(reason);
    if (reason !== "conflicts" && reason !== "mark" && reason !== "truth" && this.applied) {
      this.applied = null;
      if (this.text.dataset.kind === "ok") this.text.hidden = true;
    }
    this.all.onChange();
    if (this.entry && this.positionKey() !== this.entryKey) {
      // A step of the path drawn over another position: its candidates shown are stale.
      this.endEntry();
      this.clearHighlights();
    }
    if (this.hint && this.positionKey() !== this.hintKey) {
      this.dropHint();
      this.text.hidden = true;
    }
  }

  async press() {
    if (!this.game.hasPuzzle) {
      this.showText(t("noPuzzle"), "info");
      return;
    }
    if (!this.hint || this.hintKey !== this.positionKey()) {
      const key = this.positionKey();
      // Busy, not disabled: a disabled button drops the keyboard focus to <body>.
      if (this.asking) {
        this.extraPresses = (this.extraPresses || 0) + 1; // pressed again while thinking: one level more
        return;
      }
      this.extraPresses = 0;
      this.asking = true;
      this.hintButton.setAttribute("aria-busy", "true");
      this.showText(t("asking"), "busy");
      let result;
      try {
        result = await this.engine.request("hint", this.payload());
      } catch (error) {
        this.showText(t("failed", { message: /** @type {Error} */ (error).message }), "error");
        return;
      } finally {
        this.asking = false;
        this.hintButton.removeAttribute("aria-busy");
      }
      if (key !== this.positionKey()) return; // the grid changed meanwhile: press again
      this.hint = result;
      this.hintKey = key;
      this.level = -1;
    }
    this.level = Math.min(this.level + 1 + (this.extraPresses || 0), 2);
    this.extraPresses = 0;
    this.endEntry(); // the board shows the hint now, not a step of a list
    this.render();
  }

  render() {
    const h = /** @type {Hint} */ (this.hint);
    const message = h.messages[String(this.level)];
    const text = message.text[lang()] || message.text.en;
    const kind = /** @type {Record<string, string>} */ ({ step: "info", mistake: "error", solved: "ok", no_solution: "error",
      multiple: "warn", stuck: "warn", gave_up: "warn" })[h.status] || "info";
    this.showText(text, kind);
    this.text.dataset.status = h.status;
    this.text.dataset.level = String(this.level);
    this.levelText.textContent = t("level", { level: this.level + 1 });
    this.lesson.show(h); // from "Hint 1 of 3" on: each level names the technique
    if (h.status === "step") {
      this.highlight(this.levelMarks(h, this.level));
    } else if (this.level === 0) {
      this.clearHighlights();
    } else if (h.status === "mistake") {
      this.highlight({ mistakes: h.mistakes, full: this.level >= 2 });
    } else if (h.status === "stuck" && h.reveal && this.level >= 2) {
      this.highlight({ placements: [h.reveal] });
    }
    this.applyButton.hidden = !(this.level >= 2 && this.applicable());
    this.applyButton.textContent = h.status === "mistake" ? t("fix") : t("apply");
  }

  // What a hint's step shows at each level, building towards the answer and never giving it early:
  // 0, where to look (the step's houses or cages drawn, else its cells outlined); 1, the pattern (its
  // candidates, sets, links and fins; for a hidden single or full house the house and the lines from the
  // digits that rule its other cells out, for a naked single its box and those digits: never the cell
  // marked); 2, the whole reason with what it places and removes.
  /** @param {Hint} h @param {number} level @returns {Marks} */
  levelMarks(h, level) {
    const step = /** @type {StepData} */ (h.step); // a hint of status "step" has its step
    const g = this.game;
    let houses = step.houses || [];
    if (step.technique === "naked_single" && !houses.length) {
      // The engine's words name the cell's box (or region): draw the same house.
      const index = boxOf(step.cells[0], { n: g.n, box: g.box, regions: g.regions });
      houses = [{ kind: g.regions ? "region" : "box", index }];
    }
    if (level === 0) {
      const where = { technique: step.technique, houses, cages: step.cages || [] };
      return { cells: houses.length || where.cages.length ? [] : step.cells, step: where, full: false };
    }
    if (level === 1 && step.technique === "naked_single") {
      // Its sightings all end in the cell: the digits that rule the others out are marked, not the lines.
      const from = [...new Set((step.sees || []).map(([cell]) => cell))];
      return { cells: from, step: { technique: step.technique, houses }, full: false };
    }
    if (level === 1 && SINGLES.has(step.technique)) {
      // The house and the placed digits that rule its other cells out; the cell left is the player's to see.
      return { step: { technique: step.technique, houses, sees: step.sees, placements: step.placements }, full: false };
    }
    const full = level >= 2;
    return { ...h.highlight, placements: full ? step.placements : [], eliminations: full ? step.eliminations : [],
      step, full };
  }

  applicable() {
    const h = this.hint;
    return h && ((h.status === "step" && h.step) || (h.status === "stuck" && h.reveal)
      || (h.status === "mistake" && h.mistakes && h.mistakes.length && typeof this.game.apply === "function"));
  }

  // Put the mistakes right, as one undoable move: a wrong digit comes out, a struck-out true
  // candidate goes back into the notes.
  fix() {
    const g = this.game;
    /** @type {import("./game.js").Change[]} */
    const changes = [];
    for (const m of /** @type {Hint} */ (this.hint).mistakes || []) {
      const cell = m.cell;
      if (m.kind === "wrong_digit") changes.push(g.change(cell, "entry", 0));
      else changes.push(g.change(cell, "notes", g.notes[cell] | (1 << (m.digit - 1))));
    }
    g.apply({ type: "fix", changes });
    this.dropHint();
    this.showText(t("fixed", { count: changes.length }), "ok");
    this.board.moveFocus(this.board.focused);
  }

  // The hint is done with (played, put right, or of another position): its level, its Apply and its
  // drawing go; the next press asks the engine again.
  dropHint() {
    this.hint = null;
    this.level = -1;
    this.applyButton.hidden = true;
    this.levelText.textContent = "";
    this.clearHighlights();
  }

  /** @param {string} text @param {string} kind */
  showText(text, kind) {
    delete this.text.dataset.status;
    delete this.text.dataset.level; // render() sets it again for a hint's text
    this.lesson.show(null);
    this.text.hidden = false;
    this.text.textContent = text;
    this.text.dataset.kind = kind;
  }

  apply() {
    if (this.entry) {
      this.applyEntry();
      return;
    }
    const h = /** @type {Hint} */ (this.hint);
    if (!this.applicable()) return;
    if (h.status === "mistake") {
      this.fix();
      return;
    }
    /** @type {{placements?: Cand[], eliminations?: Cand[]}} */
    const step = h.status === "stuck" ? { placements: [/** @type {Cand} */ (h.reveal)], eliminations: [] }
      : h.step || /** @type {{placements?: Cand[]}} */ (h);
    // A cell revealed where logic runs out is the solution shown, not reasoning: the game is assisted.
    if (h.status === "stuck") this.game.assisted = true;
    const name = h.name ? (h.name[lang()] || h.name.en) : t("hint");
    this.play(step);
    this.dropHint();
    this.applied = h.name || { en: name };
    this.showText(t("applied", { name }), "ok");
    // The Apply button hides: the keyboard goes back to the grid, where the step was played.
    this.board.moveFocus(this.board.focused);
  }

  // Play a step as one undoable move (Game.applyHint: an elimination is struck from the cell's
  // candidates, which the board then shows); a game in edit mode takes the placements as givens.
  /** @param {{placements?: Cand[], eliminations?: Cand[]}} step */
  play(step) {
    const cellDigit = (/** @type {Cand} */ [cell, digit]) => ({ cell, digit });
    const placements = (step.placements || []).map(cellDigit);
    const eliminations = (step.eliminations || []).map(cellDigit);
    if (!this.game.applyHint({ placements, eliminations })) {
      for (const { cell, digit } of placements) this.game.setCell(cell, digit);
      if (!placements.length) this.game.changed("hint");
    }
  }

  // Apply the step of a list drawn on the board. Any step the engine lists is sound for this puzzle (it
  // follows from the givens), so a step of the solution path may be played at any position; what it
  // places or removes that the board already shows changes nothing.
  applyEntry() {
    const s = /** @type {StepEntry} */ (this.entry);
    const name = s.name ? (s.name[lang()] || s.name.en) : t("hint");
    this.endEntry();
    this.play(s);
    this.clearHighlights();
    this.applied = s.name || { en: name };
    this.showText(t("applied", { name }), "ok");
    this.board.moveFocus(this.board.focused);
  }

  // A listed step is drawn: its own words and Apply stand in for the hint's (they speak of another step),
  // in the hint's place on the status line.
  /** @param {StepEntry} s @param {Words} name */
  showEntry(s, name) {
    this.entry = { ...s, name };
    this.entryKey = this.positionKey();
    this.showText(`${name[lang()] || name.en}: ${s.text[lang()] || s.text.en}`, "info");
    this.text.dataset.status = "entry";
    this.lesson.show({ status: "step", technique: s.technique, name });
    this.levelText.textContent = "";
    this.applyButton.textContent = t("apply");
    this.applyButton.hidden = false;
    this.drawEntry(s);
  }

  // No listed step is drawn any more: the lists show none pressed, the hint's own Apply returns with it.
  endEntry() {
    if (this.entry && this.text.dataset.status === "entry") this.text.hidden = true;
    this.entry = null;
    this.path.unpress();
    this.all.unpress();
    this.applyButton.hidden = true;
  }

  // Draw a listed step (of the solution path, or of every step here) as a hint's last level draws it.
  /** @param {StepEntry} s */
  drawEntry(s) {
    this.highlight({ ...s.highlight, placements: s.placements, eliminations: s.eliminations, step: s.step,
      full: true });
  }

  // The board and the hint text go back to the hint the player was given (its text and Apply hide while a
  // step of the list is drawn, since they speak of another step), or to no drawing at all.
  restoreHint() {
    if (this.hint && this.level >= 0 && this.hintKey === this.positionKey()) this.render();
    else this.clearHighlights();
  }

  // The page's language changed: redraw every text of this panel, its parts' too.
  relabel() {
    this.root.setAttribute("aria-label", t("panel"));
    this.hintButton.textContent = t("hint");
    this.applyButton.textContent = this.hint && this.hint.status === "mistake" ? t("fix") : t("apply");
    this.all.relabel();
    if (this.entry && this.text.dataset.status === "entry") {
      const s = this.entry;
      const name = /** @type {Words} */ (s.name); // a drawn entry has its name (showEntry)
      this.showText(`${name[lang()] || name.en}: ${s.text[lang()] || s.text.en}`, "info");
    } else if (this.hint && this.level >= 0 && !this.entry) this.render();
    else if (this.applied && !this.text.hidden) {
      this.showText(t("applied", { name: this.applied[lang()] || this.applied.en }), "ok");
    }
    this.badge.relabel();
    this.path.relabel();
  }
}

// The hint row goes in `root` (under the board), the path in `pathRoot`, the badge in `badgeRoot`;
// index.html holds all three and links hints.css.
/** @param {HintsOptions} options */
export function initHints({ game, board, engine, root, pathRoot, badgeRoot }) {

  return new HintsPanel({ root, pathRoot, badgeRoot, game, board, engine });
}
