// The player's input and settings: digits and notes from the keyboard, the grid and the pad (digit
// first or cell first), the toolbar, the keys for the common actions, and the settings controls
// (theme, contrast, checking, clock, highlighting, language). Part of the app that main.js wires
// together (see initControls).
import { languageSwitch } from "./i18n.js";
import { writeSettings } from "./storage.js";
import { applyTheme, followSystem } from "./theme.js";

const $ = (id) => document.getElementById(id);
let app, game, board, pad, settings, view; // the page's shared parts (main.js)
let say, resay, sizeText; // messages.js, through app

// A digit (0: clear) for a cell, as the current mode and settings say: a given while entering a
// puzzle; a note in notes mode or with Shift (a corner mark when corner marks are chosen, else a centre
// mark); else the player's digit.
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

function changeSetting(key, value) {
  settings[key] = value;
  writeSettings(settings);
  applySettings();
  app.render();
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

// `app`: the page's shared parts (main.js). Returns this part's functions, for `app`.
export function initControls(shared) {
  app = shared;
  ({ game, board, pad, settings, view, say, resay, sizeText } = shared);
  // The colour scheme in force (theme.js, shared with the lab).
  followSystem(() => settings);
  board.addEventListener("input", (event) => {
    const { cell, key, note } = event.detail;
    const digit = key === undefined ? event.detail.digit : game.digitForKey(key);
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
        app.hints.press();
        return;
      }
      if (lower === "a" && !$("hint-apply").hidden) {
        app.hints.apply();
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

  board.addEventListener("focus", () => app.render());

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
      app.render();
      return;
    }
    enter(board.focused, digit);
    board.moveFocus(board.focused);
  });

  board.addEventListener("paste", (event) => {
    $("puzzle-text").value = event.detail.text;
    app.importText(event.detail.text);
  });

  // Toolbar buttons (and the hint's Apply on the status line) act on the grid: a mouse press must not
  // take focus away from the cell.
  for (const bar of [...document.querySelectorAll(".toolbar"), $("hint-slot")]) {
    bar.addEventListener("mousedown", (event) => {
      if (event.target.closest("button")) event.preventDefault();
    });
  }

  $("undo").addEventListener("click", () => game.undo());
  $("erase").addEventListener("click", () => {
    enter(board.focused, 0);
    board.moveFocus(board.focused);
  });
  // The tools that are not in the one row: a disclosure on a phone (styles.css shows them at once on a
  // larger screen, where the More button is not drawn).
  $("more").addEventListener("click", () => {
    const open = $("more").getAttribute("aria-expanded") !== "true";
    $("more").setAttribute("aria-expanded", String(open));
    $("more-panel").classList.toggle("open", open);
  });
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
  for (const swatch of document.querySelectorAll(".swatch")) {
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
    app.renderStatus();
    app.render();
    resay();
  });
  return { applySettings };
}
