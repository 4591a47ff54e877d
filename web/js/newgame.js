// @ts-check
// New Game and the daily puzzle (issue 5). Generation runs in the engine's worker, so the page never
// freezes; it runs as one job advanced in slices (engine.runJob: bridge ops "generate_job", "job_step",
// "job_stop"; see sudoku_core.bridge.Session), so the dialog shows attempts and elapsed time between
// slices, and Cancel stops the job within one slice, with no worker restart. The seed alone fixes the
// puzzle (the CLI's `generate --seed` gives the same one). The current game is never touched until a
// puzzle has been found.
//
// The daily puzzle: op "daily" with the page's local date "YYYY-MM-DD"; the engine derives the seed
// from the date with fixed options, so everyone gets the same puzzle that day, offline too.
//
// Strings: in i18n.js, this dialog's under "newgame.", the level names under "level.".
import { LEVEL_IDS as LEVELS, engineLanguage, panelT } from "./i18n.js";
import { gridFromLine } from "./game.js";
import { DEFAULT_SYMBOLS, VARIANTS } from "./geometry.js";
import { BUILD } from "../build-info.js";
import { bankKind, bankLeft, shipped, takeFromBank } from "./bank.js";
import { BankRefill } from "./refill.js";
import { isStopped, randomSeed } from "./engine.js";
import { pickPractice, rememberPractice } from "./practise.js";
import { el } from "./dom.js";

const t = panelT("newgame");
const SIZES = [4, 6, 9, 12, 16];
// Levels a size can reach: a 4x4 is always solved by singles, and no 6x6 has been found that needs
// Extreme's chains (200 attempts of the generator: none); those choices are offered greyed out.
/** @type {Record<number, string[]>} */
const OUT_OF_REACH = { 4: ["medium", "hard", "expert", "extreme"], 6: ["extreme"] };

// Windoku's windows fit a 9x9 grid only; Killers are generated and measured on 9x9 (docs/variants.md);
// the other variants are offered at every size.
/** @type {Record<string, number[]>} */
const VARIANT_SIZES = { windoku: [9], killer: [9] };

const SYMMETRIES = BUILD.symmetries; // the engine's (build.py writes them)
//: Give up after this long (the player can always cancel sooner).
const LIMIT_MS = 180_000;
//: A choice whose game took longer than this to make is kept stocked in the background from then on.
const SLOW_MS = 1000;


/**
 * @template {string | number} V
 * @param {string} id @param {V[]} values @param {(value: V) => string} label @param {V} chosen
 */
function select(id, values, label, chosen) {
  const s = el("select", { id });
  for (const v of values) {
    const o = el("option", { value: String(v), text: label(v) });
    if (String(v) === String(chosen)) o.selected = true;
    s.append(o);
  }
  return s;
}

// The player's local date as "YYYY-MM-DD".
/** @param {Date} [now] */
export function localDate(now = new Date()) {
  const pad = (/** @type {number} */ x) => String(x).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A technique a game can be built around (op version's `techniques`). @typedef {{id: string, level: string, name: import("../ops.js").Words}} Technique */
/** What a Practise game trains (see practise). @typedef {{id: string, name: import("../ops.js").Words, exact: boolean}} Practice */
/** @typedef {import("./bank.js").GenerateChoice} GenerateChoice */
/**
 * @typedef {{root?: HTMLElement | null, game: import("./game.js").Game, engine: import("./engine.js").EngineClient,
 *   say?: (message: string, kind?: import("./messages.js").MessageKind) => void}} NewGameOptions
 */

export class NewGame {
  // Made by build().
  /** @type {[Element, string][]} */ labels;
  /** @type {HTMLButtonElement} */ openButton;
  /** @type {HTMLButtonElement} */ dailyButton;
  /** @type {HTMLSelectElement} */ variant;
  /** @type {HTMLSelectElement} */ size;
  /** @type {HTMLSelectElement} */ level;
  /** @type {HTMLSelectElement} */ symmetry;
  /** @type {HTMLInputElement} */ minimal;
  /** @type {HTMLInputElement} */ givens;
  /** @type {HTMLSelectElement} */ technique;
  /** @type {Technique[]} */ techniques;
  /** @type {HTMLProgressElement} */ progress;
  /** @type {HTMLElement} */ progressText;
  /** @type {HTMLButtonElement} */ goButton;
  /** @type {HTMLButtonElement} */ cancelButton;
  /** @type {HTMLButtonElement} */ closeButton;
  /** @type {HTMLDialogElement} */ dialog;
  /** @type {Practice | null | undefined} */ practice;
  /** @type {boolean | undefined} */ dailyBusy;

  /** @param {NewGameOptions} options */
  constructor({ root, game, engine, say }) {
    this.game = game;
    this.engine = engine;
    this.say = say || (() => {});
    /** @type {AbortController | null} */
    this.running = null; // while generating: aborted by cancel()
    this.refill = new BankRefill(engine); // keeps the bank stocked at the levels the player asks for
    this.slowMs = SLOW_MS; // (tests lower it)
    this.build(/** @type {HTMLElement} */ (root)); // the page has #newgame-bar
  }

  /** @param {HTMLElement} root */
  build(root) {
    this.labels = []; // [node, key]: redrawn when the page's language changes
    /** @type {<E extends Element>(node: E, key: string) => E} */
    const L = (node, key) => { this.labels.push([node, key]); return node; };
    this.openButton = el("button", { type: "button", id: "new-game", class: "primary", text: t("newGame") });
    this.dailyButton = el("button", { type: "button", id: "daily", text: t("daily") });
    root.replaceChildren(this.openButton, this.dailyButton);

    this.variant = select("ng-variant", VARIANTS, (v) => panelT("variant")(v), "classic");
    this.size = select("ng-size", SIZES, (n) => `${n}×${n}`, 9);
    this.level = select("ng-level", ["", ...LEVELS], (/** @type {string} */ v) => t(v || "any"), "medium");
    this.symmetry = select("ng-symmetry", SYMMETRIES, (v) => t(v), "rot180");
    this.minimal = el("input", { type: "checkbox", id: "ng-minimal" });
    // A Killer keeps some givens, or none (its cages alone make it unique), as `generate --givens` does.
    this.givens = el("input", { type: "checkbox", id: "ng-givens" });
    // Practise a technique: the puzzle's hardest step is the one chosen (the engine's list, by level).
    this.technique = el("select", { id: "ng-technique" });
    this.techniques = [];
    this.fillTechniques();
    this.engine.ready.then((info) => {
      this.techniques = /** @type {Technique[]} */ (info.techniques || []); // (worker.js: op version's)
      this.fillTechniques();
    }, () => {});
    this.progress = el("progress", { id: "ng-progress", class: "ng-progress", "aria-label": t("progress") });
    this.progressText = el("p", { id: "ng-status", class: "ng-status", role: "status", "aria-live": "polite" });
    this.goButton = el("button", { type: "button", id: "ng-generate", class: "primary", text: t("generate") });
    this.cancelButton = el("button", { type: "button", id: "ng-cancel", text: t("cancel") });
    this.closeButton = el("button", { type: "button", id: "ng-close", text: t("close") });
    const field = (/** @type {string} */ key, /** @type {Element} */ control) => el("label", { class: "field" }, L(el("span", { text: t(key) }), key), control);
    this.dialog = el("dialog", { id: "newgame-dialog", class: "newgame", "aria-labelledby": "ng-title" },
      L(el("h2", { id: "ng-title", text: t("title") }), "title"),
      el("div", { class: "ng-fields" },
        field("variant", this.variant), field("size", this.size), field("level", this.level), field("technique", this.technique),
        field("symmetry", this.symmetry),
        el("label", { class: "field check" }, this.minimal, L(el("span", { text: t("minimal") }), "minimal")),
        el("label", { class: "field check", id: "ng-givens-field" }, this.givens, L(el("span", { text: t("givens") }), "givens"))),
      el("div", { class: "ng-progress-row" }, this.progress, this.progressText),
      el("div", { class: "row ng-buttons" }, this.goButton, this.cancelButton, this.closeButton));
    document.body.append(this.dialog);
    for (const [node, key] of /** @type {[Element, string][]} */ ([[this.openButton, "newGame"], [this.dailyButton, "daily"], [this.goButton, "generate"],
      [this.cancelButton, "cancel"], [this.closeButton, "close"]])) L(node, key);
    for (const option of this.level.options) L(option, option.value || "any");
    for (const option of this.variant.options) this.labels.push([option, `variant.${option.value}`]);
    for (const option of this.symmetry.options) L(option, option.value);
    document.addEventListener("sudoku:language", () => {
      this.fillTechniques();
      this.progress.setAttribute("aria-label", t("progress"));
      for (const [node, key] of this.labels) node.textContent = key.startsWith("variant.") ? panelT("variant")(key.slice(8)) : t(key);
    });
    this.setRunning(false);

    this.size.addEventListener("change", () => this.fitLevels());
    this.variant.addEventListener("change", () => this.fitSizes());
    this.givens.addEventListener("change", () => this.fitLevels());
    this.level.addEventListener("change", () => this.fitKiller());
    this.symmetry.addEventListener("change", () => this.fitKiller());
    this.minimal.addEventListener("change", () => this.fitLevels()); // (a minimal Killer is never Easy)
    // A practice technique sets the level itself.
    this.technique.addEventListener("change", () => { this.level.disabled = !!this.technique.value; });
    this.openButton.addEventListener("click", () => this.open());
    this.dailyButton.addEventListener("click", () => this.daily());
    this.goButton.addEventListener("click", () => this.generate());
    this.cancelButton.addEventListener("click", () => this.cancel());
    this.closeButton.addEventListener("click", () => this.dialog.close());
    this.dialog.addEventListener("cancel", (event) => {
      // Escape while generating cancels the generation first.
      if (this.running) {
        event.preventDefault();
        this.cancel();
      }
    });
    // However the dialog closes (Close, Escape, a form, a script), a generation still running stops:
    // its puzzle must never replace the game being played once the player has turned away.
    this.dialog.addEventListener("close", () => this.cancel());
  }

  open() {
    if (!this.dialog.open) this.dialog.showModal();
    if (!this.running) {
      this.progressText.textContent = "";
      delete this.progressText.dataset.note;
      this.fitKiller();
      this.goButton.focus();
    }
  }

  /** @param {boolean} running */
  setRunning(running) {
    this.progress.hidden = !running;
    this.cancelButton.hidden = !running;
    this.goButton.disabled = running;
    for (const s of [this.variant, this.size, this.level, this.symmetry, this.minimal, this.technique, this.givens]) s.disabled = running;
    if (!running && this.technique.value) this.level.disabled = true;
    this.dialog.dataset.state = running ? "running" : "idle";
    if (!running) this.fitKiller(false); // the status line keeps what the run ended with
  }

  // Grey out the sizes the chosen variant is not played at (Windoku, Killer: 9x9 only), moving to 9x9.
  fitSizes() {
    const sizes = VARIANT_SIZES[this.variant.value];
    const variant = panelT("variant")(this.variant.value);
    for (const option of this.size.options) {
      option.disabled = !!sizes && !sizes.includes(Number(option.value));
      option.title = option.disabled ? t("variantOnly9", { variant }) : "";
    }
    if (sizes && !sizes.includes(Number(this.size.value))) this.size.value = String(sizes[0]);
    this.fitLevels();
  }

  // A Killer's own choices: keep givens or not. Without givens there is no pattern of givens for a
  // symmetry or to keep minimal, and no practice technique (those are of the classic table); with them, both as for any game.
  fitKiller(note = true) {
    const killer = this.variant.value === "killer";
    const bare = killer && !this.givens.checked;
    this.givens.disabled = !killer || this.dialog.dataset.state === "running";
    /** @type {HTMLElement} */ (this.givens.closest(".field")).hidden = !killer;
    this.symmetry.disabled = bare || this.dialog.dataset.state === "running";
    if (bare) this.symmetry.value = "none";
    this.minimal.disabled = bare || this.dialog.dataset.state === "running"; // no givens to keep minimal
    if (bare) this.minimal.checked = false;
    this.technique.disabled = killer || this.dialog.dataset.state === "running";
    if (killer) this.technique.value = "";
    if (killer && this.dialog.dataset.state !== "running") this.level.disabled = false;
    // A Killer Expert or Extreme comes from the engine's catalogue, moved into another (and given givens of
    // the pattern asked for), in about a second (sudoku_core/killers.py; docs/variants.md, measured), unless
    // it is to be minimal: then it is searched with larger cages, an Expert in about a second of CPython (p95
    // several seconds), but an Extreme in seconds to over 20 s of CPython, a minute or more in the page, which
    // the dialog says before the wait, not during it, unless the bank has one ready (docs/variants.md).
    const kind = killer ? bankKind(this.options()) : null;
    const slow = killer && this.level.value === "extreme" && !bare && this.minimal.checked
      && !(kind && bankLeft(kind.key) > 0);
    if (note && this.dialog.dataset.state !== "running" && (slow || this.progressText.dataset.note)) {
      this.progressText.textContent = slow ? t("killerSlow") : "";
      if (slow) this.progressText.dataset.note = "1";
      else delete this.progressText.dataset.note;
    }
  }

  // Grey out the levels the chosen size (or a Killer without givens, or a minimal Killer) cannot reach,
  // moving the choice to the nearest one it can. A minimal Killer is never Easy: Easy is solved by singles
  // from the givens alone, and the cages' sums then make some given removable (docs/variants.md).
  fitLevels() {
    this.fitKiller();
    const killer = this.variant.value === "killer";
    const bare = killer && !this.givens.checked;
    const least = killer && !bare && this.minimal.checked;
    const out = [...(OUT_OF_REACH[Number(this.size.value)] || []), ...(bare || least ? ["easy"] : [])];
    const why = bare ? "killerEasy" : "killerEasyMinimal";
    for (const option of this.level.options) {
      option.disabled = out.includes(option.value);
      option.title = option.disabled ? t((bare || least) && option.value === "easy" ? why : "outOfReach") : "";
    }
    if (out.includes(this.level.value)) {
      const options = [...this.level.options];
      const at = options.findIndex((o) => o.value === this.level.value);
      const reachable = options.filter((o) => o.value && !o.disabled);
      const distance = (/** @type {HTMLOptionElement} */ o) => Math.abs(options.indexOf(o) - at);
      reachable.sort((a, b) => distance(a) - distance(b) || options.indexOf(b) - options.indexOf(a));
      const moved = options[at];
      this.level.value = reachable.length ? reachable[0].value : "";
      // Said on the status line too: a greyed option's title is never seen on a phone, and the level changed
      // under the player's hand.
      if (moved && this.dialog.dataset.state !== "running") {
        this.progressText.textContent = moved.title;
        this.progressText.dataset.note = "1";
      }
    }
  }

  // The technique list in the page's language, grouped by level; the choice is kept.
  fillTechniques() {
    const chosen = this.technique.value;
    const none = el("option", { value: "", text: t("techniqueNone") });
    /** @type {HTMLOptGroupElement[]} */
    const groups = [];
    for (const level of LEVELS) {
      const items = this.techniques.filter((x) => x.level === level);
      if (!items.length) continue;
      const group = el("optgroup", { label: t(level) });
      for (const x of items) group.append(el("option", { value: x.id, text: x.name[engineLanguage()] || x.name.en }));
      groups.push(group);
    }
    this.technique.replaceChildren(none, ...groups);
    this.technique.value = [...this.technique.options].some((o) => o.value === chosen) ? chosen : "";
  }

  /** @returns {GenerateChoice} */
  options() {
    /** @type {GenerateChoice} */
    const opts = { size: Number(this.size.value), symmetry: this.symmetry.value, minimal: this.minimal.checked };
    if (this.variant.value !== "classic") opts.variant = this.variant.value;
    if (this.variant.value === "killer") {
      opts.givens = this.givens.checked;
      if (!opts.givens) opts.symmetry = "none";
    }
    if (this.level.value) opts.level = this.level.value;
    const technique = this.techniques.find((x) => x.id === this.technique.value);
    if (technique) {
      opts.technique = technique.id;
      opts.level = technique.level; // the technique sets the level
    }
    return opts;
  }

  // `opts`: the dialog's choices, or a Practise game's (see practise); `practice` ({id, name, level}) names
  // what a Practise game trains, for the message and for the hints (practise.js remembers it).
  /** @param {GenerateChoice} [opts] @param {Practice | null} [practice] */
  async generate(opts = this.options(), practice = null) {
    if (this.running) return;
    const run = new AbortController();
    this.running = run;
    this.practice = practice;

    this.setRunning(true);
    // The slow levels come from the bank shipped with the page, and refilled on this device in the
    // background (made and rated by this engine, never served twice): a new game at once. Other
    // choices generate, and one that took long is made ahead from then on, so it comes at once too. The
    // bank is classic: a variant game is always generated live.
    const kind = bankKind(opts);
    const banked = kind ? takeFromBank(kind.key) : null;
    if (kind && (shipped(kind.key) || banked)) this.refill.want(kind);
    if (banked) {
      const grid = /** @type {import("./game.js").GridValue} */ (gridFromLine(banked)); // the bank holds lines it reads
      const givens = grid.cells.filter((d) => d).length;
      this.finish(grid, { source: "new", level: opts.level }, this.practice ? this.practiceMessage(opts, givens, "") : opts.variant
        ? t("loadedBankVariant", { size: opts.size, variant: panelT("variant")(opts.variant), level: t(/** @type {string} */ (opts.level)), givens, count: givens })
        : t("loadedBank", { size: opts.size, level: t(/** @type {string} */ (opts.level)), givens, count: givens }));
      return;
    }
    const seed = randomSeed();
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    let attempts = 0;
    this.progressText.textContent = t("starting");
    // A chunk of a big grid can take seconds: the clock on the line moves on its own meanwhile. The
    // line is not announced while it ticks (the result, or a stop, is said when it comes).
    const status = this.progressText;
    status.setAttribute("aria-live", "off");
    const tick = setInterval(() => {
      if (this.running === run) status.textContent = t("working", { attempts, seconds: seconds() });
    }, 500);
    const show = (/** @type {import("../ops.js").GenerateSlice} */ r) => {
      attempts = /** @type {number} */ (r.attempts);
      this.progressText.textContent = t("working", { attempts, seconds: seconds() });
      this.progress.dataset.attempts = String(attempts);
      this.progress.dataset.longestMs = String(Math.max(Number(this.progress.dataset.longestMs || 0), r.longest_ms));
      this.progress.dataset.slices = String(Number(this.progress.dataset.slices || 0) + 1);
    };
    // For tests and curious players: how many slices came back, and the longest unit of work in one.
    this.progress.dataset.longestMs = "0";
    this.progress.dataset.slices = "0";
    // Past LIMIT_MS the job stops as a cancel stops it, and the line says it gave up.
    let gaveUp = false;
    try {
      // One job, advanced a slice at a time: the page stays informed, and Stop is answered within a slice.
      const r = await this.engine.runJob("generate_job", { ...opts, seed }, { signal: run.signal,
        onProgress: (slice) => {
          show(slice);
          if (performance.now() - started <= LIMIT_MS) return;
          gaveUp = true;
          run.abort();
        } });
      show(r);
      if (kind && performance.now() - started > this.slowMs) this.refill.want(kind);
      if (!r.found) {
        status.setAttribute("aria-live", "polite");
        status.textContent = t("gaveUp", { attempts, seconds: seconds() });
        return;
      }
      const box = /** @type {import("../ops.js").Box} */ (r.box); // found: the puzzle came with it
      const size = box[0] * box[1];
      const practised = this.techniques.find((x) => x.id === opts.technique);
      const variantName = opts.variant ? panelT("variant")(opts.variant) : "";
      const loaded = this.practice ? this.practiceMessage(opts, r.givens, seed) : opts.variant ? t("loadedVariant", { size, variant: variantName, level: t(r.level || "any"), givens: r.givens, count: r.givens, seed })
        : practised ? t("loadedPractice", { size, technique: practised.name[engineLanguage()] || practised.name.en,
          givens: r.givens, seed })
          : r.level ? t("loaded", { size, level: t(r.level), givens: r.givens, count: r.givens, seed })
            : t("loadedAny", { size, givens: r.givens, seed });
      // Minimal asked, not proved: the engine hands such a puzzle out only on the large sides, where a count
      // of the proof gives up often (sudoku_core/generate.py, minimal_settled); the line says so.
      this.finish(/** @type {import("../ops.js").Generated & {box: import("../ops.js").Box, cells: number[]}} */ (r), { source: "new", level: r.level || opts.level || null },
        opts.minimal && !r.minimal ? `${loaded} ${t("notProvedMinimal")}` : loaded);
    } catch (error) {
      if (gaveUp) {
        status.setAttribute("aria-live", "polite");
        status.textContent = t("gaveUp", { attempts, seconds: seconds() });
      } else if (!isStopped(error)) {
        this.progressText.textContent = t("failed", { message: /** @type {Error} */ (error).message });
      }
    } finally {
      clearInterval(tick);
      status.setAttribute("aria-live", "polite");
      if (this.running === run) {
        this.running = null;
        this.setRunning(false);
      }
    }
  }

  // A puzzle to play, from the bank or the generator: nothing is left running (so closing the dialog
  // cancels nothing), the game loads, the dialog closes, and the page says what came.
  /**
   * @param {{box: import("./geometry.js").Box, cells: number[], variant?: string, regions?: number[] | null,
   *   cages?: import("./geometry.js").Cage[] | null}} value
   * @param {Partial<import("./game.js").GameInfo>} info @param {string} message
   */
  finish(value, info, message) {
    this.running = null;
    this.setRunning(false);
    this.loadPuzzle(value, info);
    if (this.practice) rememberPractice(this.game.shareLine(), this.practice.id);
    this.practice = null;
    this.dialog.close();
    this.say(message, "ok");
  }

  cancel() {
    const run = this.running;
    if (!run) return;
    this.practice = null;
    this.running = null;
    this.setRunning(false);
    // The job stops at the end of its slice (the engine answers within one); the worker lives on.
    run.abort();
    this.progressText.setAttribute("aria-live", "polite");
    this.progressText.textContent = t("cancelled");
    this.say(t("cancelled"), "info");
  }

  // A Practise game (issue 30, practise.js): a puzzle made for the technique of the lesson `id`, as the
  // lesson's Practise options say (data/lessons.json, from sudoku_core.lessons.practice: the technique as
  // the puzzle's hardest step, or a level, or a Hard Killer), made in this dialog with its progress and
  // Cancel, and saved in My games like any other. The hints of that game then prefer the technique.
  /** @param {string} id */
  async practise(id) {
    if (this.running) return;
    /** @type {import("../lessons.js").Lessons["lessons"]} the lessons (data/lessons.json, written by build.py) */
    let lessons;
    try {
      const response = await fetch("data/lessons.json");
      lessons = (await response.json()).lessons;
    } catch (error) {
      this.say(t("failed", { message: /** @type {Error} */ (error).message }), "error");
      return;
    }
    const lesson = lessons[id];
    if (!lesson) {
      this.say(t("practiseUnknown", { id }), "error");
      return;
    }
    const p = lesson.practice;
    const trained = p.instead || id;
    // A technique the generator cannot aim at: one of the puzzles found for it ahead of time, whose rated
    // path takes it (data/lessons.json's `puzzles`), one not practised on this device yet if any is left.
    if (p.puzzles && p.puzzles.length) {
      const line = pickPractice(p.puzzles);
      const grid = gridFromLine(line);
      if (grid) {
        this.practice = { id: trained, name: lessons[trained].name, exact: false };
        const level = t(p.level);
        const technique = lessons[trained].name[engineLanguage()] || lessons[trained].name.en;
        this.finish(grid, { source: "new", level: p.level }, t(p.variant ? "loadedPractiseShippedKiller" : "loadedPractiseShipped",
          { level, technique, givens: grid.cells.filter((d) => d).length }));
        return;
      }
    }
    /** @type {GenerateChoice} */
    const opts = { size: 9, symmetry: p.variant === "killer" ? "none" : "rot180", minimal: false };
    if (p.variant) Object.assign(opts, { variant: p.variant, givens: false });
    if (p.technique) Object.assign(opts, { technique: p.technique, level: lessons[p.technique].level });
    else opts.level = p.level;
    // The dialog shows what is being made.
    this.variant.value = opts.variant || "classic";
    this.size.value = "9";
    this.fitSizes();
    if (opts.variant === "killer") this.givens.checked = false;
    this.level.value = /** @type {string} */ (opts.level);
    this.symmetry.value = /** @type {string} */ (opts.symmetry);
    this.minimal.checked = false;
    this.technique.value = [...this.technique.options].some((o) => o.value === opts.technique) ? /** @type {string} */ (opts.technique) : "";
    this.open();
    await this.generate(opts, { id: trained, name: lessons[trained].name, exact: !!p.technique });
  }

  /** @param {GenerateChoice} opts @param {number | undefined} givens @param {number | string} seed */
  practiceMessage(opts, givens, seed) {
    const practice = /** @type {Practice} */ (this.practice);
    const technique = practice.name[engineLanguage()] || practice.name.en;
    if (practice.exact) return t("loadedPractice", { size: opts.size, technique, givens, seed });
    const level = t(/** @type {string} */ (opts.level));
    return opts.variant ? t("loadedPractiseKiller", { level, technique, givens })
      : t("loadedPractiseLevel", { level, technique, givens });
  }

  // Open the dialog set to a size and level and generate at once ("New game at this level").
  /** @param {{size?: number, level?: string}} choice */
  start({ size, level }) {
    if (this.running) return;
    if (size && [...this.size.options].some((o) => o.value === String(size))) this.size.value = String(size);
    this.fitLevels();
    if ([...this.level.options].some((o) => o.value === (level || ""))) this.level.value = level || "";
    this.open();
    this.generate();
  }

  /**
   * @param {{box: import("./geometry.js").Box, cells: number[], variant?: string, regions?: number[] | null,
   *   cages?: import("./geometry.js").Cage[] | null}} r
   * @param {Partial<import("./game.js").GameInfo>} info
   */
  loadPuzzle(r, info) {
    const value = { box: r.box, cells: r.cells, symbols: DEFAULT_SYMBOLS.slice(0, r.box[0] * r.box[1]),
      variant: r.variant || "classic", regions: r.regions || null, cages: r.cages || null };
    this.game.loadNew(value, info);
    const size = /** @type {HTMLSelectElement | null} */ (document.getElementById("size"));
    if (size) size.value = String(r.box[0] * r.box[1]);
  }

  async daily() {
    if (this.running) return;
    const date = localDate();
    if (this.dailyBusy) return;
    this.dailyBusy = true;
    this.dailyButton.setAttribute("aria-busy", "true");
    this.say(t("dailyWorking"), "busy");
    try {
      // The daily puzzle is always found, with its grid and level.
      const r = /** @type {import("../ops.js").Generated & {box: import("../ops.js").Box, cells: number[], level: string}} */ (
        await this.engine.request("daily", { date }));
      this.loadPuzzle(r, { source: "daily", level: r.level, daily: date });
      document.documentElement.dataset.daily = date;
      this.say(t("dailyLoaded", { date, level: t(r.level), givens: r.givens }), "ok");
    } catch (caught) {
      const error = /** @type {import("./engine.js").EngineError} */ (caught);
      this.say(t("failed", { message: error.message }), error.kind === "cancelled" ? "info" : "error");
    } finally {
      this.dailyBusy = false;
      this.dailyButton.removeAttribute("aria-busy");
    }
  }
}

// The buttons go in the header's #newgame-bar unless a `root` is given.
/** @param {NewGameOptions} options */
export function initNewGame({ game, engine, say, root = document.getElementById("newgame-bar") }) {

  return new NewGame({ root, game, engine, say });
}
