// @ts-check
// The finish dialog: the time, the best time, hints, mistakes and the streak when a game is solved,
// and "New game at this level". Part of the app that main.js wires together (see initFinish).
import { t } from "./i18n.js";
import { localDate } from "./newgame.js";
import { byId as $ } from "./dom.js";

/** @typedef {import("./messages.js").Messages} Messages */
/**
 * What the finish uses (main.js passes it): the game, the board, the settings, the statistics, the message
 * line, saving, and New game (its "New game at this level").
 * @typedef {{game: import("./game.js").Game, board: import("./board.js").BoardView, settings: import("./storage.js").Settings,
 *   stats: import("./stats.js").Stats, messages: Messages, currentId: import("./saving.js").SavingPart["currentId"],
 *   save: import("./saving.js").SavingPart["save"], statInfo: () => import("./stats.js").GameKind,
 *   newGame: (choice: {size: number, level: string}) => unknown}} FinishNeeds
 */
/** @type {FinishNeeds} */
let needs;

/** @type {import("./game.js").Game} */ let game;
/** @type {import("./board.js").BoardView} */ let board;
/** @type {import("./storage.js").Settings} */ let settings;
/** @type {import("./stats.js").Stats} */ let stats;
// messages.js
/** @type {Messages["say"]} */ let say;
/** @type {Messages["formatTime"]} */ let formatTime;
/** @type {Messages["levelName"]} */ let levelName;
/** @type {Messages["sizeText"]} */ let sizeText;

// One finish per solve: a game solved before (undo, then redo of the last digit) is the same solve,
// said in a line with the time it was solved in, which the statistics and My games keep.
function showFinish() {
  // The game has an entry: the change that finished it was saved first (main.js).
  const id = /** @type {string} */ (needs.currentId());
  const solved = stats.find(id);
  if (solved && solved.solved && solved.ms !== undefined) {
    needs.save();
    say(["msg.finished-again", { time: formatTime(solved.ms) }], "ok");
    return;
  }
  const ms = game.timeMs();
  const info = needs.statInfo();
  const { best } = stats.finished(id, {
 ...info, ms, hints: game.hintsUsed, mistakes: game.mistakes,
    assisted: game.assisted });
  needs.save();
  $("finish-level").textContent = `${sizeText()} · ${levelName(info.level)}`;
  $("finish-time").textContent = formatTime(ms);
  // A first solve says so (an assisted one has no best yet).
  const first = best === null ? t(game.assisted ? "finish.best-none" : "finish.best-first") : null;
  $("finish-best").textContent = first || formatTime(Math.min(/** @type {number} */ (best), game.assisted ? /** @type {number} */ (best) : ms));
  $("finish-hints").textContent = String(game.hintsUsed);
  $("finish-mistakes").textContent = settings.check ? String(game.mistakes) : t("finish.unchecked");
  const row = stats.summary().find((r) => r.n === game.n && r.variant === game.variant && r.level === (info.level || null));
  const streak = info.daily ? stats.dailyStreak(localDate()) : row ? row.streak : 0;
  $("finish-streak").textContent = t(info.daily ? "finish.daily-streak" : "finish.streak-games", { count: streak });
  let note = "";
  if (game.assisted) note = t("finish.assisted");
  else if (best === null) note = t("finish.first");
  else if (best !== null && ms < best) note = t("finish.record", { before: formatTime(best) });

  $("finish-note").textContent = note;
  say(["msg.finished", { time: formatTime(ms) }], "ok");
  const dialog = $("finish");
  if (!dialog.open) dialog.showModal();
  $("finish-next").focus();
}

// `given`: what this part uses of the page's others (main.js passes it). Returns this part's functions.
/** This part's functions, which main.js passes to the parts that use them. @typedef {{showFinish: () => void}} FinishPart */

/** @param {FinishNeeds} given @returns {FinishPart} */
export function initFinish(given) {
  needs = given;
  ({ game, board, settings, stats } = given);
  ({ say, formatTime, levelName, sizeText } = given.messages);
  $("finish-close").addEventListener("click", () => $("finish").close());
  $("finish-next").addEventListener("click", () => {
    $("finish").close();
    needs.newGame({ size: game.n, level: game.info.level || "" });
  });
  $("finish").addEventListener("close", () => board.moveFocus(board.focused));
  return { showFinish };
}
