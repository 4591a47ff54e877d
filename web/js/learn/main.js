// @ts-check
// The Learn page (learn.html, issue 30): an index of every technique the engine names, grouped as a player
// learns them, and a lesson for each at `learn.html#ID` (ID: the technique's id in sudoku_core's table):
// what it is and why it works (the engine's words, sudoku_core/lessons.py), a worked example on a real
// board drawn with the game's own board and overlay and stepped through (the pattern, then what it removes
// or places: the overlay's `full`), and a Practise link that opens the game's page on a puzzle made for it
// (practise.js). The boards, names and Practise options come from data/lessons.json, the lessons' words in
// the page's language with its other words (i18n.js: `lesson.<id>.what` and the like), both written by
// build.py: no engine, works offline, and only the language shown is loaded.
import { BoardView } from "../board.js";
import { ReasonOverlay } from "../overlay.js";
import { Game } from "../game.js";
import { readSettings } from "../storage.js";
import { applyTheme, followSystem } from "../theme.js";
import { engineLanguage, languageSwitch, t, translatePage } from "../i18n.js";
import { byId as $, el } from "../dom.js";

// The page wears the theme chosen on the game's page, and its language, with a switch of its own.
const settings = readSettings();
applyTheme(settings);
followSystem(() => settings);
translatePage();
languageSwitch(/** @type {HTMLSelectElement} */ (document.getElementById("language")));

/** @typedef {import("../../lessons.js").LessonExample} LessonExample */
/** @typedef {import("../../lessons.js").Lesson} Lesson */

const lang = () => engineLanguage();
const local = (/** @type {import("../../ops.js").Words | undefined} */ texts) => (texts ? texts[lang()] || texts.en : "");
// A lesson's own words in the page's language: "what", "why", its example's "where", "text" and "credit",
// its second example's "counter" and "counter-credit" (build.py's LESSON_WORDS).
const said = (/** @type {string} */ id, /** @type {string} */ key) => t(`lesson.${id}.${key}`);


/** @type {import("../../lessons.js").Lessons} */
let data; // data/lessons.json: {groups: [{id, techniques}], lessons: {id: lesson}} (read by start, before any drawing)
/** @type {string[]} */
let order = []; // every technique id, in the index's order
/** @type {{id: string | null, step: "pattern" | "result"}} */
let shown = { id: null, step: "pattern" };

/** @param {string} level */
function levelName(level) {
  return t(`level.${level}`);
}

// The index: a heading per family, each technique a link to its lesson with its level.
function drawIndex() {
  const nav = $("learn-index");
  const title = $("learn-index-title");
  const lists = data.groups.map((group) => {
    const heading = el("h3", { id: `group-${group.id}`, text: t(`learn.group.${group.id}`) });
    const list = el("ul", { class: "learn-list", "aria-labelledby": `group-${group.id}` });
    for (const id of group.techniques) {
      const lesson = data.lessons[id];
      const link = el("a", { href: `#${id}`, "data-technique": id },
        el("span", { class: "learn-name", text: local(lesson.name) }), " ",
        el("span", { class: `learn-chip level-${lesson.level}`, text: levelName(lesson.level) }));
      if (id === shown.id) link.setAttribute("aria-current", "page");
      list.append(el("li", {}, link));
    }
    return el("section", { class: "learn-group" }, heading, list);
  });
  nav.replaceChildren(title, el("p", { class: "learn-count", text: t("learn.lesson-count", { count: order.length }) }), ...lists);
}

// The example position as a game the board can draw: givens, the digits placed since, and every open
// cell's candidates as notes.
/** @param {LessonExample} ex */
function exampleGame(ex) {
  const n = ex.box[0] * ex.box[1];
  const game = new Game(n);
  game.load({ box: ex.box, cells: ex.givens, symbols: undefined, variant: ex.variant || "classic", regions: ex.regions,
    cages: ex.cages }, "load", { source: "typed" });
  game.entries = ex.values.map((v, i) => (ex.givens[i] ? 0 : v));
  game.notes = ex.notes.slice();
  return game;
}

/** @param {string} id @param {Lesson} lesson */
function practiseText(id, lesson) {
  const p = lesson.practice;
  const name = local(lesson.name);
  if (p.instead) {
    return t(lesson.ladder ? "learn.practise-instead-rare" : "learn.practise-instead", { name, instead: local(data.lessons[p.instead].name) });
  }
  if (p.puzzles) return t(p.variant === "killer" ? "learn.practise-shipped-killer" : "learn.practise-shipped", { name, level: levelName(p.level) });
  if (p.technique) return t("learn.practise-technique", { name });
  if (p.variant === "killer") return t("learn.practise-killer", { name });
  if (p.level === "extreme") return t("learn.practise-extreme", { name });
  return t("learn.practise-level", { name, level: levelName(p.level) });
}

// One lesson, whole; `focus` moves the keyboard to its heading (a lesson chosen from the index).
/** @param {string} id @param {boolean} focus */
function drawLesson(id, focus) {
  const article = $("lesson");
  const lesson = data.lessons[id];
  shown = { id, step: shown.id === id ? shown.step : "pattern" };
  article.dataset.technique = id;
  const name = local(lesson.name);
  document.title = `${name} · ${t("learn.title")}`;
  const heading = el("h2", { id: "lesson-name", tabindex: "-1", text: name });
  const group = data.groups.find((g) => g.techniques.includes(id));
  const meta = el("p", { class: "learn-meta" },
    el("span", { class: `learn-chip level-${lesson.level}`, id: "lesson-level", text: t("learn.level", { level: levelName(lesson.level) }) }),
    " ", el("span", { text: t("learn.group", { group: t(`learn.group.${/** @type {{id: string}} */ (group).id}`) }) }));
  /** @type {HTMLElement[]} */
  const parts = [heading, meta];
  if (!lesson.ladder) parts.push(el("p", { class: "learn-note", id: "lesson-off-ladder", text: t("learn.off-ladder") }));
  parts.push(
    el("section", { "aria-labelledby": "lesson-what-title" },
      el("h3", { id: "lesson-what-title", text: t("learn.what") }), el("p", { id: "lesson-what", text: said(id, "what") })),
    el("section", { "aria-labelledby": "lesson-why-title" },
      el("h3", { id: "lesson-why-title", text: t("learn.why") }), el("p", { id: "lesson-why", text: said(id, "why") })));
  const example = el("section", { class: "learn-example", "aria-labelledby": "lesson-example-title" },
    el("h3", { id: "lesson-example-title", text: t("learn.example") }));
  parts.push(example);
  const ex = lesson.example;
  if (ex) drawExample(example, ex, id, name);
  else example.append(el("p", { text: t("learn.no-example") }));
  if (lesson.counter) {
    const counter = el("section", { class: "learn-example learn-counter", "aria-labelledby": "lesson-counter-title" },
      el("h3", { id: "lesson-counter-title", text: t("learn.counter") }));
    parts.push(counter);
    drawCounter(counter, lesson.counter, id, name);
  }
  const link = el("a", { id: "practise-link", class: "learn-practise", href: `index.html?practise=${encodeURIComponent(id)}`,
    text: t("learn.practise-link", { name: local(data.lessons[lesson.practice.instead || id].name) }) });
  parts.push(el("section", { class: "learn-practise-box", "aria-labelledby": "lesson-practise-title" },
    el("h3", { id: "lesson-practise-title", text: t("learn.practise") }),
    el("p", { id: "practise-text", text: practiseText(id, lesson) }), link));
  const k = order.indexOf(id);
  const pager = el("nav", { class: "learn-pager", "aria-label": t("learn.pager") });
  if (k > 0) pager.append(el("a", { rel: "prev", href: `#${order[k - 1]}`, text: t("learn.prev", { name: local(data.lessons[order[k - 1]].name) }) }));
  if (k < order.length - 1) pager.append(el("a", { rel: "next", href: `#${order[k + 1]}`, text: t("learn.next", { name: local(data.lessons[order[k + 1]].name) }) }));
  parts.push(pager);
  article.replaceChildren(...parts);
  for (const a of /** @type {NodeListOf<HTMLElement>} */ ($("learn-index").querySelectorAll("a[data-technique]"))) {
    if (a.dataset.technique === id) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  if (focus) heading.focus();
}

// A read-only board of an example position (`id`, its label), with the overlay that draws on it.
/** @param {LessonExample} ex @param {string} id @param {string} label */
function exampleBoard(ex, id, label) {
  const game = exampleGame(ex);
  const board = el("div", { id, class: "board learn-board", role: "grid", "aria-label": label, "aria-readonly": "true" });
  const wrap = el("div", { class: "board-wrap learn-board-wrap" }, board);
  new BoardView(board, { interactive: false }).render(game);
  const overlay = new ReasonOverlay(board);
  const shape = { n: game.n, box: game.box, variant: game.variant, regions: game.regions, cages: game.cages };
  return { wrap, overlay, shape };
}

// The second example of the lesson `id`, where the pattern is not there (a near miss): drawn whole, with why
// it is not.
/** @param {HTMLElement} section @param {LessonExample} ex @param {string} id @param {string} name */
function drawCounter(section, ex, id, name) {
  const { wrap, overlay, shape } = exampleBoard(ex, "counter-board", t("learn.counter-board", { name }));
  section.append(wrap, el("p", { id: "counter-text", class: "learn-step-text", text: said(id, "counter") }),
    el("p", { class: "learn-source", text: t("learn.source", { source: said(id, "counter-credit") }) }));
  overlay.draw(ex.step, shape, { full: true });
}

// The worked example of the lesson `id`: the board with the step drawn over it, in two steps (the pattern;
// then what it removes or places, the overlay's `full`), each with the hint's own words for it.
/** @param {HTMLElement} section @param {LessonExample} ex @param {string} id @param {string} name */
function drawExample(section, ex, id, name) {
  const { wrap, overlay, shape } = exampleBoard(ex, "lesson-board", t("learn.example-board", { name }));
  const buttons = ["pattern", "result"].map((step) => el("button", { type: "button", id: `step-${step}`,
    "aria-pressed": "false", text: t(`learn.step-${step}`) }));
  const stepper = el("div", { class: "row learn-stepper", role: "group", "aria-label": t("learn.steps") }, ...buttons);
  const text = el("p", { id: "lesson-step-text", class: "learn-step-text", "aria-live": "polite" });
  const show = (/** @type {"pattern" | "result"} */ step) => {
    shown.step = step;
    section.dataset.step = step;
    const full = step === "result";
    overlay.draw(ex.step, shape, { full });
    buttons.forEach((b, i) => b.setAttribute("aria-pressed", String((i === 1) === full)));
    text.textContent = full ? said(id, "text") : `${said(id, "where")} ${t("learn.pattern-text")}`;
  };
  buttons[0].addEventListener("click", () => show("pattern"));
  buttons[1].addEventListener("click", () => show("result"));
  section.append(stepper, wrap, text, el("p", { class: "learn-source", text: t("learn.source", { source: said(id, "credit") }) }));
  show(shown.step);
}

/** @param {boolean} focus */
function route(focus) {
  const id = decodeURIComponent(location.hash.slice(1));
  const article = $("lesson");
  if (!id) {
    shown = { id: null, step: "pattern" };
    delete article.dataset.technique;
    document.title = t("learn.title");
    article.replaceChildren(el("p", { id: "learn-intro", class: "learn-intro", text: t("learn.intro") }),
      el("p", { class: "learn-status", role: "status", text: t("learn.choose") }));
    for (const a of $("learn-index").querySelectorAll("a[aria-current]")) a.removeAttribute("aria-current");
    return;
  }
  if (!data.lessons[id]) {
    shown = { id: null, step: "pattern" };
    delete article.dataset.technique;
    article.replaceChildren(el("p", { id: "learn-status", class: "learn-status", role: "status", text: t("learn.unknown", { id }) }));
    return;
  }
  drawLesson(id, focus);
}

async function start() {
  try {
    const response = await fetch("data/lessons.json");
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    data = await response.json();
  } catch (error) {
    $("learn-status").textContent = t("learn.failed", { message: /** @type {Error} */ (error).message });

    return;
  }
  order = data.groups.flatMap((g) => g.techniques);
  drawIndex();
  route(false);
  document.documentElement.dataset.ready = "1";
  window.addEventListener("hashchange", () => route(true));
  document.addEventListener("sudoku:language", () => {
    drawIndex();
    route(false);
  });
}

start();
