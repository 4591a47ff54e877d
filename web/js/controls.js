// @ts-check
// The player's input and settings: digits and notes from the keyboard, the grid and the pad (digit
// first or cell first), the toolbar, the keys for the common actions, and the settings controls
// (theme, contrast, checking, clock, highlighting, language). Part of the app that main.js wires
// together (see initControls).
import { languageSwitch } from "./i18n.js";
import { writeSettings } from "./storage.js";
import { applyTheme, followSystem } from "./theme.js";
import { byId as $ } from "./dom.js";

/** @typedef {import("./messages.js").Messages} Messages */
/**
 * What the controls use (main.js passes it): the game, the views, the settings, the message line, the
 * page's drawing, reading a dropped puzzle, and the hint's keys (H asks, A applies).
 * @typedef {{game: import("./game.js").Game, board: import("./board.js").BoardView, pad: import("./pad.js").DigitPad,
 *   settings: import("./storage.js").Settings, view: {armed: number}, messages: Messages, render: () => void,
 *   renderStatus: () => void, importText: import("./puzzles.js").PuzzlesPart["importText"],
 *   hint: {press: () => unknown, apply: () => unknown}}} ControlsNeeds
 */
/** @type {ControlsNeeds} */
let needs;

/** @type {import("./game.js").Game} */ let game;
/** @type {import("./board.js").BoardView} */ let board;
/** @type {import("./pad.js").DigitPad} */ let pad;
/** @type {import("./storage.js").Settings} */ let settings;
/** @type {{armed: number}} */ let view;
// messages.js
/** @type {Messages["say"]} */ let say;
/** @type {Messages["resay"]} */ let resay;
/** @type {Messages["sizeText"]} */ let sizeText;

// A digit (0: clear) for a cell, as the current mode and settings say: a given while entering a
// puzzle; a note in notes mode or with Shift (a corner mark when corner marks are chosen, else a centre
// mark); else the player's digit.
/** @param {number} cell @param {number} digit @param {boolean} [note] */
function enter(cell, digit, note = false) {
  if (game.mode === "edit") {
    game.setCell(cell, digit);
    if (game.marked.size) game.mark([]);
    return;
  }
  if (game.paused) return;
  if (!digit) game.erase(cell);
  else if ((note || settings.notesMode) && settings.cornerMarks) game.toggleCorner(cell, digit);
  else if (note || settings.notesMode) game.toggleNote(cell, digit);
  else game.place(cell, digit);
  if (game.marked.size) game.mark([]);
}

/**
 * @template {keyof import("./storage.js").Settings} K
 * @param {K} key @param {import("./storage.js").Settings[K]} value
 */
function changeSetting(key, value) {
  settings[key] = value;
  writeSettings(settings);
  applySettings();
  needs.render();
}

function applySettings() {
  applyTheme(settings);
  $("theme").value = settings.theme;
  $("contrast").checked = settings.contrast;
  $("check").checked = settings.check;
  game.checking = settings.check;
  $("show-timer").checked = settings.showTimer;
  $("highlight").checked = settings.highlight;
}

// The tools that are not in the one row. On a larger screen styles.css shows them at once and draws no
// More button; on a phone More opens them as a sheet over what is under the board (the status line, the
// tool row and the pad), the whole board left in sight, as the menus of sudoku.com and Good Sudoku do.
// The sheet is a non-modal dialog: its Close button, Escape, a tap outside it, the focus leaving it or
// the page scrolling closes it, and the first two give the focus back to More. A one-off action (auto
// notes, restart, rewind, entering a puzzle) closes it first, so its result and message are seen.
function initMore() {
  const more = $("more");
  const panel = $("more-panel");
  const isOpen = () => more.getAttribute("aria-expanded") === "true";
  // Where the sheet stands: under the board upright, beside it on a phone on its side (styles.css).
  const place = () => {
    const box = /** @type {Element} */ (document.querySelector(".board-wrap")).getBoundingClientRect();
    const top = Math.min(Math.max(box.bottom + 4, 0), Math.max(window.innerHeight - 200, 0));
    panel.style.setProperty("--sheet-top", `${Math.round(top)}px`);
    panel.style.setProperty("--sheet-side-top", `${Math.round(Math.max(box.top, 0))}px`);
    panel.style.setProperty("--sheet-left", `${Math.round(box.right + 8)}px`);
  };
  const setOpen = (/** @type {boolean} */ open, refocus = false) => {
    if (open === isOpen()) return;
    more.setAttribute("aria-expanded", String(open));
    panel.classList.toggle("open", open);
    panel.setAttribute("role", open ? "dialog" : "group");
    if (open) {
      place();
      if (more.getClientRects().length) $("more-close").focus({ preventScroll: true });
    } else if (refocus && more.getClientRects().length) {
      more.focus({ preventScroll: true });
    }
  };
  more.addEventListener("click", () => setOpen(!isOpen()));
  $("more-close").addEventListener("click", () => setOpen(false, true));
  panel.addEventListener("keydown", (event) => {
    // The all-steps list inside takes its own Escape first (allsteps.js).
    if (event.key !== "Escape" || event.defaultPrevented || !isOpen()) return;
    event.preventDefault();
    setOpen(false, true);
  });
  document.addEventListener("pointerdown", (event) => {
    const target = /** @type {Node | null} */ (event.target);
    if (isOpen() && !panel.contains(target) && !more.contains(target)) setOpen(false);
  }, true);
  panel.addEventListener("focusout", (event) => {
    const to = /** @type {Node | null} */ (event.relatedTarget);
    if (isOpen() && to && !panel.contains(to) && to !== more) setOpen(false);
  });
  window.addEventListener("resize", () => {
    if (!isOpen()) return;
    if (more.getClientRects().length) place();
    else setOpen(false); // grown past a phone's layout: the tools are shown in the page, no sheet
  });
  // The sheet stands over the play area: once the page scrolls away from it (to My games, Settings...),
  // it closes rather than cover what the player scrolled to.
  window.addEventListener("scroll", () => {
    if (isOpen()) setOpen(false);
  }, { passive: true });
  for (const id of ["auto-notes", "restart", "rewind", "mode-toggle"]) {
    // Capture: closed (the focus on More) before the action speaks or opens a dialog.
    $(id).addEventListener("click", () => setOpen(false, true), true);
  }
}

// `given`: what this part uses of the page's others (main.js passes it). Returns this part's functions.
/** This part's functions, which main.js passes to the parts that use them. @typedef {{applySettings: () => void}} ControlsPart */

/** @param {ControlsNeeds} given @returns {ControlsPart} */
export function initControls(given) {
  needs = given;
  ({ game, board, pad, settings, view } = given);
  ({ say, resay, sizeText } = given.messages);
  // The colour scheme in force (theme.js, shared with the lab).
  followSystem(() => settings);
  board.addEventListener("input", (event) => {
    const { cell, key, note } = event.detail;
    // (the board sends a key, or a digit)
    const digit = key === undefined ? /** @type {number} */ (event.detail.digit) : game.digitForKey(key);
    if (digit < 0) {
      // Keys for the common actions, from the grid (on grids whose symbols are not these letters).
      const lower = key ? key.toLowerCase() : "";
      if (lower === "n") {
        changeSetting("notesMode", !settings.notesMode);
        return;
      }
      if (lower === "c") {
        changeSetting("cornerMarks", !settings.cornerMarks);
        return;
      }
      if (lower === "h" && game.mode === "play" && !game.paused) {
        needs.hint.press();
        return;
      }
      if (lower === "a" && !$("hint-apply").hidden) {
        needs.hint.apply();
        return;
      }
      if (lower === "p" && game.mode === "play") {
        game.setPaused(!game.paused);
        if (game.paused) $("resume").focus();
        return;
      }
      say(["msg.not-digit", { key, size: sizeText(), symbols: game.symbols }], "info");
      return;
    }
    enter(cell, digit, note);
  });

  board.addEventListener("command", (event) => {
    if (game.mode !== "play" || game.paused) return;
    if (event.detail.name === "undo") game.undo();
    else game.redo();
  });

  board.addEventListener("focus", () => needs.render());

  // Digit first: a tap on a cell places the armed digit (or note, or clears with the eraser armed).
  board.addEventListener("select", (event) => {
    if (!settings.digitFirst || !view.armed || game.mode !== "play") return;
    enter(event.detail.cell, view.armed);
  });

  pad.addEventListener("input", (event) => {
    const { digit, note } = event.detail;
    if (note) {
      enter(board.focused, digit, true);
      board.moveFocus(board.focused);
      return;
    }
    if (settings.digitFirst && digit && game.mode === "play") {
      view.armed = view.armed === digit ? 0 : digit;
      needs.render();
      return;
    }
    enter(board.focused, digit);
    board.moveFocus(board.focused);
  });

  board.addEventListener("paste", (event) => {
    $("puzzle-text").value = event.detail.text;
    needs.importText(event.detail.text);
  });

  // Toolbar buttons (and the hint's Apply on the status line) act on the grid: a mouse press must not
  // take focus away from the cell.
  for (const bar of [...document.querySelectorAll(".toolbar"), $("hint-slot")]) {
    bar.addEventListener("mousedown", (event) => {
      if (/** @type {Element} */ (event.target).closest("button")) event.preventDefault();
    });
  }

  $("undo").addEventListener("click", () => game.undo());
  $("erase").addEventListener("click", () => {
    enter(board.focused, 0);
    board.moveFocus(board.focused);
  });
  initMore();
  $("redo").addEventListener("click", () => game.redo());
  $("notes-mode").addEventListener("click", () => changeSetting("notesMode", !settings.notesMode));
  $("corner-mode").addEventListener("click", () => changeSetting("cornerMarks", !settings.cornerMarks));
  $("digit-first").addEventListener("click", () => {
    view.armed = 0;
    changeSetting("digitFirst", !settings.digitFirst);
  });
  $("auto-notes").addEventListener("click", () => {
    if (game.fillCandidates()) say(["msg.auto"], "info");
  });
  $("restart").addEventListener("click", () => {
    if (game.restart()) say(["msg.restart"], "info");
  });
  $("rewind").addEventListener("click", () => {
    const count = game.rewind();
    if (count) say(["msg.rewound", { count }], "ok");
    else say(["msg.rewind-none"], "info");
  });
  $("mode-toggle").addEventListener("click", () => {
    game.setMode(game.mode === "play" ? "edit" : "play");
    say([game.mode === "play" ? "msg.play" : "msg.edit"], "info");
  });
  for (const swatch of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".swatch"))) {

    swatch.addEventListener("click", () => game.setColour(board.focused, Number(swatch.dataset.colour)));
  }
  $("pause").addEventListener("click", () => game.setPaused(!game.paused));
  $("resume").addEventListener("click", () => {
    game.setPaused(false);
    board.moveFocus(board.focused);
  });

  $("theme").addEventListener("change", () => changeSetting("theme", $("theme").value));
  $("contrast").addEventListener("change", () => changeSetting("contrast", $("contrast").checked));
  $("show-timer").addEventListener("change", () => changeSetting("showTimer", $("show-timer").checked));
  $("highlight").addEventListener("change", () => changeSetting("highlight", $("highlight").checked));
  $("check").addEventListener("change", () => {
    changeSetting("check", $("check").checked);
    if (settings.check && game.mode === "play" && !game.truth) say(["msg.check-unknown"], "info");
    else if (settings.check && game.wrongCells.size) say(["msg.wrong", { count: game.wrongCells.size }], "warn");
  });
  languageSwitch($("language"));
  document.addEventListener("sudoku:language", () => {
    needs.renderStatus();
    needs.render();
    resay();
  });
  return { applySettings };
}
