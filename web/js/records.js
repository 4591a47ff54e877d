// @ts-check
// The games list (the library: resume, view, delete) and the statistics panel (per size and level,
// the daily streak, export and reset). Part of the app that main.js wires together (see initRecords).
import { t } from "./i18n.js";
import { localDate } from "./newgame.js";
import { byId as $ } from "./dom.js";

/** @typedef {import("./messages.js").Messages} Messages */
/**
 * What My games and the statistics use (main.js passes it): the board, the stores, the message line, and
 * saving's current entry and resume.
 * @typedef {{board: import("./board.js").BoardView, library: import("./library.js").Library, stats: import("./stats.js").Stats,
 *   messages: Messages, currentId: import("./saving.js").SavingPart["currentId"],
 *   resumeGame: import("./saving.js").SavingPart["resumeGame"]}} RecordsNeeds
 */
/** @type {RecordsNeeds} */
let needs;

/** @type {import("./board.js").BoardView} */ let board;
/** @type {import("./library.js").Library} */ let library;
/** @type {import("./stats.js").Stats} */ let stats;
// messages.js
/** @type {Messages["say"]} */ let say;
/** @type {Messages["ask"]} */ let ask;
/** @type {Messages["copyOut"]} */ let copyOut;
/** @type {Messages["formatTime"]} */ let formatTime;
/** @type {Messages["levelName"]} */ let levelName;
/** @type {Messages["sizeText"]} */ let sizeText;

/** @typedef {import("./library.js").LibraryEntry} LibraryEntry */

/** @param {LibraryEntry} entry */
function sourceName(entry) {
  if (entry.daily) return t("games.daily", { date: entry.daily });
  return t(`games.source-${entry.source}`) || entry.source;
}

// The time a game shows: a solved game's is the time it was solved in (as in the statistics and the
// finish dialog; a clock that ran on after an undo does not change it).
/** @param {LibraryEntry} entry */
function solvedMs(entry) {
  const record = entry.finished ? stats.find(entry.id) : null;
  return record && record.solved && record.ms !== undefined ? record.ms : entry.elapsed || 0;
}

function renderGames() {
  const list = $("games-list");
  const items = library.list().map((entry) => {
    const li = document.createElement("li");
    li.className = "game-entry";
    if (entry.id === needs.currentId()) li.setAttribute("aria-current", "true");
    const text = document.createElement("span");
    const state = entry.finished ? t("games.finished") : entry.mode === "edit" ? t("games.editing")
      : t("games.progress", { filled: entry.filled || 0, open: entry.open || 0 });
    text.textContent = `${sizeText(entry.n, entry.variant)} · ${entry.level ? t(`level.${entry.level}`) : sourceName(entry)} · ${state}`
      + ` · ${formatTime(solvedMs(entry))}`;
    const resume = document.createElement("button");
    resume.type = "button";
    resume.dataset.resume = entry.id;
    resume.textContent = entry.id === needs.currentId() ? t("games.playing") : t(entry.finished ? "games.view" : "games.resume");
    resume.disabled = entry.id === needs.currentId();
    const remove = document.createElement("button");
    remove.type = "button";
    remove.dataset.remove = entry.id;
    remove.textContent = t("games.delete");
    remove.hidden = entry.id === needs.currentId();
    li.append(text, resume, remove);
    return li;
  });
  if (!items.length) {
    const li = document.createElement("li");
    li.textContent = t("games.none");
    items.push(li);
  }
  list.replaceChildren(...items);
}

function renderStats() {
  const rows = stats.summary();
  const body = $("stats-body");
  const daily = document.createElement("p");
  daily.textContent = t("stats.daily-streak", { count: stats.dailyStreak(localDate()) });
  if (!rows.length) {
    const p = document.createElement("p");
    p.textContent = t("stats.none");
    body.replaceChildren(p, daily);
    return;
  }
  const table = document.createElement("table");
  table.className = "stats-table";
  const head = document.createElement("tr");
  for (const key of ["game", "played", "solved", "best", "median", "streak", "best-streak"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t(`stats.col-${key}`);
    head.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  for (const r of rows) {
    const tr = document.createElement("tr");
    const cells = [`${sizeText(r.n, r.variant)} ${levelName(r.level)}`, r.played, r.solved,
      r.best === null ? "—" : formatTime(r.best), r.median === null ? "—" : formatTime(r.median), r.streak, r.bestStreak];
    cells.forEach((value, i) => {
      const td = document.createElement(i ? "td" : "th");
      if (!i) td.scope = "row";
      td.textContent = String(value);
      tr.append(td);
    });
    tbody.append(tr);
  }
  table.append(thead, tbody);
  body.replaceChildren(table, daily);
}

// `given`: what this part uses of the page's others (main.js passes it). Returns this part's functions.
/** This part's functions, which main.js passes to the parts that use them. @typedef {{renderGames: () => void}} RecordsPart */

/** @param {RecordsNeeds} given @returns {RecordsPart} */
export function initRecords(given) {
  needs = given;
  ({ board, library, stats } = given);
  ({ say, ask, copyOut, formatTime, levelName, sizeText } = given.messages);
  $("games").addEventListener("toggle", () => { if ($("games").open) renderGames(); });
  $("games-list").addEventListener("click", async (event) => {
    const target = /** @type {Element} */ (event.target);
    const resume = /** @type {HTMLElement | null} */ (target.closest("button[data-resume]"));
    const remove = /** @type {HTMLElement | null} */ (target.closest("button[data-remove]"));
    if (resume && needs.resumeGame(/** @type {string} */ (resume.dataset.resume))) {
      say(["msg.resumed-game"], "ok");
      renderGames();
      board.moveFocus(board.focused);
    }
    if (remove && await ask(t("games.delete-confirm"), t("games.delete"))) {
      library.remove(/** @type {string} */ (remove.dataset.remove));

      renderGames();
    }
  });
  $("stats-panel").addEventListener("toggle", () => { if ($("stats-panel").open) renderStats(); });
  $("stats-export").addEventListener("click", async () => {
    $("stats-text").hidden = false;
    await copyOut($("stats-text"), stats.exportJSON());
  });
  $("stats-reset").addEventListener("click", async () => {
    if (!(await ask(t("stats.reset-confirm"), t("stats.reset")))) return;
    stats.reset();
    renderStats();
    say(["stats.reset-done"], "info");
  });
  return { renderGames };
}
