// @ts-check
// The finish dialog: the time, the best time, hints, mistakes and the streak when a game is solved,
// and "New game at this level". Part of the app that main.js wires together (see initFinish).
import { t } from "./i18n.js";
import { localDate } from "./newgame.js";
import { byId as $ } from "./dom.js";

/** @typedef {import("../app.js").App} App */
// the page's shared parts (main.js)
/** @type {App} */ let app;
/** @type {App["game"]} */ let game;
/** @type {App["board"]} */ let board;
/** @type {App["settings"]} */ let settings;
/** @type {App["stats"]} */ let stats;
// messages.js, through app
/** @type {App["say"]} */ let say;
/** @type {App["formatTime"]} */ let formatTime;
/** @type {App["levelName"]} */ let levelName;
/** @type {App["sizeText"]} */ let sizeText;

// One finish per solve: a game solved before (undo, then redo of the last digit) is the same solve,
// said in a line with the time it was solved in, which the statistics and My games keep.
function showFinish() {
  // The game has an entry: the change that finished it was saved first (main.js).
  const id = /** @type {string} */ (app.currentId());
  const solved = stats.find(id);
  if (solved && solved.solved && solved.ms !== undefined) {
    app.save();
    say(["msg.finished-again", { time: formatTime(solved.ms) }], "ok");
    return;
  }
  const ms = game.timeMs();
  const info = app.statInfo();
  const { best } = stats.finished(id, {
 ...info, ms, hints: game.hintsUsed, mistakes: game.mistakes,
    assisted: game.assisted });
  app.save();
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

// `app`: the page's shared parts (main.js). Returns this part's functions, for `app`.
/** This part's functions, for `app`. @typedef {{showFinish: () => void}} FinishPart */

/** @param {App} shared @returns {FinishPart} */
export function initFinish(shared) {
  app = shared;
  ({ game, board, settings, stats, say, formatTime, levelName, sizeText } = shared);
  $("finish-close").addEventListener("click", () => $("finish").close());
  $("finish-next").addEventListener("click", () => {
    $("finish").close();
    app.newGame.start({ size: game.n, level: game.info.level || "" });
  });
  $("finish").addEventListener("close", () => board.moveFocus(board.focused));
  return { showFinish };
}
