// @ts-check
// The page's words to the player: the message line and its details, the engine's statistics line, the
// page's yes/no question, the copying out of exported text, and the small wordings the other parts share (errors, conflicts, the grid's
// size, times, level names). Part of the app that main.js wires together (see initMessages).
//
// The message and the hint's words share one status line under the board (on a phone there is room
// for one): whichever spoke last is shown, and the other comes back when it goes quiet.
import { cellName } from "./geometry.js";
import { conflictText as wordConflict, parseErrorText, t } from "./i18n.js";
import { byId as $ } from "./dom.js";

/** The message line's functions (initMessages), as main.js passes them. @typedef {ReturnType<typeof initMessages>} Messages */
/** A translation key and its parameters. @typedef {[string, Record<string, unknown>?]} Words */
/** @typedef {"info" | "ok" | "warn" | "error" | "busy"} MessageKind */
/** @type {import("./game.js").Game} */
let game; // the game on the board (main.js)

// A message is a translation key with its parameters (or [key, params] pairs), so that it can be
// said again in another language; `details` are lines of text, or functions that make them (again).
// A message `quiet` (what the engine found about a puzzle the player already sees, such as "Loaded …:
// it has exactly one solution") does not take the line from a hint on show: the player asked for the
// hint, and the engine's late word would hide it (it shows once the hint's words go).
/** @type {{message: Words | string, kind: MessageKind, details: (string | (() => string))[], quiet: boolean} | null} */
let lastMessage = null;
/**
 * @param {Words | string} message
 * @param {MessageKind} [kind]
 * @param {(string | (() => string))[]} [details]
 * @param {{quiet?: boolean}} [options]
 */
function say(message, kind = "info", details = [], { quiet = false } = {}) {
  lastMessage = { message, kind, details, quiet };
  const line = $("status-line");
  if (!(quiet && line.dataset.show === "hint")) line.dataset.show = "message";
  const el = $("message");
  el.textContent = Array.isArray(message) ? t(message[0], message[1]) : message;
  el.dataset.kind = kind;
  $("details").replaceChildren(...details.map((line) => {
    const li = document.createElement("li");
    li.textContent = typeof line === "function" ? line() : line;
    return li;
  }));
}

// The key of the message on show ("msg.wrong"), or null.
function saying() {
  return lastMessage && Array.isArray(lastMessage.message) ? lastMessage.message[0] : null;
}

// Every message is about the present: after a move, undo or redo, a message about the game's state
// that no longer holds is said again as it is now. A wrong digit's count follows the board (and goes
// when none is left); "Solved in …" goes when an undo reopens the game.
/** @param {import("./game.js").ChangeReason} reason @param {boolean} check */
function sayPresent(reason, check) {
  const wrong = check && game.truth ? game.wrongCells.size : 0;
  const now = saying();
  if (wrong && (reason === "move" || now === "msg.wrong")) say(["msg.wrong", { count: wrong }], "warn");
  else if (!wrong && now === "msg.wrong") say(["msg.wrong-none"], "ok");
  if (!game.finished && now === "msg.finished") say(["msg.finish-undone"], "info");
}

// The hint's words (hints.js shows, changes and hides `text`) take the status line whenever they
// change; once hidden, the message is back.
/** @param {HTMLElement} text */
function shareStatusLine(text) {
  const line = $("status-line");
  const follow = () => { line.dataset.show = text.hidden ? "message" : "hint"; };
  new MutationObserver(follow).observe(text, { attributes: true, attributeFilter: ["hidden", "data-kind", "data-level"],
    childList: true, characterData: true, subtree: true });
  follow();
}

// The last message again, in the page's language now.
function resay() {
  if (lastMessage) say(lastMessage.message, lastMessage.kind, lastMessage.details, { quiet: lastMessage.quiet });
}

/** @param {string} text */
function sayStats(text) {
  $("stats").textContent = text;
}

/** @param {{kind?: string, message: string, details?: object}} error an EngineError (engine.js), or any Error */
function describeError(error) {
  if (error.kind === "cancelled") return t("msg.cancelled");
  if (error.kind === "timeout") return t("msg.timeout", { message: error.message });
  if (error.kind === "boot") return t("msg.boot", { message: error.message });
  return (error.kind === "parse" && parseErrorText(error.details)) || error.message;
}

// A conflict from the engine ({cells, house, digit}) in the page's language; the engine's own
// English words are the fallback for a conflict without those fields.
/** @param {import("../ops.js").Conflict} conflict @param {number} [n] @returns {string} */
function conflictText(conflict, n = game.n) {
  const shape = { n, box: game.box, variant: game.variant, regions: game.regions, cages: game.cages };
  // (i18n.js reads every field as required; it has no words for a conflict with none of them: "")
  return wordConflict(/** @type {Parameters<typeof wordConflict>[0]} */ (conflict), shape,
    (/** @type {number} */ cell) => cellName(cell, n), (/** @type {number} */ digit) => game.symbol(digit)) ?? "";
}

// "9×9", or "9×9 Jigsaw" for a variant: what the messages call the grid.
/** @param {number} [n] @param {string} [variant] */
function sizeText(n = game.n, variant = game.variant) {
  return `${n}×${n}${variant && variant !== "classic" ? ` ${t(`variant.${variant}`)}` : ""}`;
}

/** @param {number} ms */
function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** @param {string | null | undefined} level */
function levelName(level) {
  return level ? t(`level.${level}`) : t("finish.unrated");
}

// Ask the player a yes/no question in the page's own dialog; resolves true for yes.
/** @param {string} text @param {string} yes @param {string} [no] @returns {Promise<boolean | null>} */
function ask(text, yes, no = t("confirm.no")) {
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = no;
  return new Promise((resolve) => {
    const done = (/** @type {boolean | null} */ answer) => { // null: dismissed (Escape), which callers read as the safe choice
      $("confirm-yes").onclick = null;
      $("confirm-no").onclick = null;
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    $("confirm-yes").onclick = () => done(true);
    $("confirm-no").onclick = () => done(false);
    dialog.onclose = () => done(null);
    dialog.showModal();
    $("confirm-no").focus();
  });
}

// Text the player exports (a puzzle, a link, the statistics): put in its box and on the clipboard, and
// said so; where the browser refuses the clipboard, selected in the box for the player to copy.
/** @param {HTMLTextAreaElement} box @param {string} text */
async function copyOut(box, text) {
  box.value = text;
  try {
    await navigator.clipboard.writeText(text);
    say(["export.copied"], "ok");
  } catch {
    box.select();
    say(["export.select"], "info");
  }
}

// `given`: the game, whose size and symbols the words name. Returns the message line's functions, which
// main.js passes to the parts that say things.
/** @param {{game: import("./game.js").Game}} given */
export function initMessages(given) {
  game = given.game;
  return { say, resay, saying, sayPresent, shareStatusLine, sayStats, describeError, conflictText, sizeText,
    formatTime, levelName, ask, copyOut };
}
