// @ts-check
// The library of games: every game the player starts (a new game, the daily puzzle, a link, a
// paste, a puzzle typed in) is an entry of its own, saved under its own key, and nothing replaces
// another. The player can resume any open game; finished games stay until there are more than
// MAX_FINISHED of them, oldest first out. Open games are never dropped.
//
// Storage (see storage.js): the index `sudoku.games.v2` = {version: 2, current, games: [meta]} and
// one key `sudoku.game.v2.<id>` per game holding `Game.toJSON()`. `meta` is what the games list shows
// without reading every game: see `metaOf`.
//
// Tabs: every tab has an id of its own (sessionStorage, so a reload keeps it) and remembers the game it
// shows, so a reload reopens that game and not another tab's. `sudoku.shown.v1` = {gameId: tabId} says
// which tab last put each game on its board. A tab may give an untouched entry to the next puzzle it
// loads only if no other tab has shown that game since this one did (a tab opened on a link does not
// claim the game it shows until the link is read). Should another tab still take over an entry this
// tab shows (one frozen in the background), this tab sees another puzzle arrive under its game's key
// and moves its own game to an entry of its own (saving.js): each tab keeps its game, and each one's
// moves land in its own save.
//
// The index is one key that every tab reads, changes and writes back, and a browser gives no lock
// around that: Chromium keeps a copy of storage in each tab's process and sends a write to the others
// afterwards, so two tabs writing the index at nearly the same time each write over the other's entry.
// The index is therefore merged, never taken whole: each entry carries `seq`, the save number of its
// game (see save), and the higher one wins; an entry missing from what another tab wrote is kept while
// its game's key is still there (a deleted game's key goes before the index is written). Whichever tab
// finds the stored index behind what it knows writes it back, so the tabs agree again.
import { LEGACY_GAME_KEY, readStored, removeKey, setAside, writeJSON } from "./storage.js";

/** @typedef {import("./game.js").Game} Game */
/**
 * A game's line in the index: what the games list and the statistics show without reading the game
 * (metaOf), its id, and `seq`, the number of its latest save.
 * @typedef {{id: string, puzzle: string, n: number, source: string, finished: boolean, updated: number,
 *   variant?: string, givens?: number, filled?: number, open?: number, mode?: string, level?: string | null,
 *   daily?: string | null, elapsed?: number, assisted?: boolean, hints?: number, moves?: number, seq?: number}} LibraryEntry
 */
/** @typedef {{version: 2, current: string | null, games: LibraryEntry[]}} GameIndex */
/** A stored value that could not be read, set aside. @typedef {{key: string, raw: string | null}} Problem */

export const INDEX_KEY = "sudoku.games.v2";
export const GAME_PREFIX = "sudoku.game.v2.";
export const SHOWN_KEY = "sudoku.shown.v1";
export const TAB_KEY = "sudoku.tab.v1";
export const MAX_FINISHED = 60;
const YEAR_MS = 366 * 24 * 3600 * 1000;

function newId(now = Date.now()) {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return `${now.toString(36)}-${a[0].toString(36)}`;
}

// This tab: {id, game (the one on its board)}, kept across reloads.
/** @returns {{id: string, game: string | null}} */
function readTab() {
  let tab = null;
  try {
    tab = JSON.parse(sessionStorage.getItem(TAB_KEY) || "null");
  } catch {
    tab = null; // blocked or unreadable: a tab of its own for this page's life
  }
  if (!tab || typeof tab !== "object" || typeof tab.id !== "string") tab = { id: newId(), game: null };
  return tab;
}

// A list entry's fields that are shown or sorted on, each of the right type and range; false when any
// was not (the entry is kept, its wrong fields reset: the game itself is in its own key).
/** @param {any} g an index entry as read from storage */
function cleanMeta(g) {
  let clean = true;
  const number = (/** @type {string} */ key, /** @type {number} */ max) => {
    if (g[key] === undefined) return;
    if (typeof g[key] !== "number" || !Number.isFinite(g[key]) || g[key] < 0 || g[key] > max) {
      clean = false;
      g[key] = 0;
    }
  };
  number("elapsed", YEAR_MS);
  number("updated", 8.64e15);
  for (const key of ["n", "givens", "filled", "open", "moves", "hints"]) number(key, 1e6);
  number("seq", Number.MAX_SAFE_INTEGER);
  for (const key of ["level", "daily", "source", "mode", "variant"]) {
    if (g[key] !== undefined && g[key] !== null && typeof g[key] !== "string") {
      clean = false;
      g[key] = null;
    }
  }
  return clean;
}

// The list entry of a game: enough to show and sort it.
/** @param {Game} game @param {object} [extra] */
export function metaOf(game, extra = {}) {
  const filled = game.entries ? game.entries.reduce((k, d, i) => k + (d && !game.givens[i] ? 1 : 0), 0) : 0;
  const info = game.info || {};
  return {
    puzzle: game.shareLine(), n: game.n, variant: game.variant || "classic", givens: game.givenCount, filled, open: game.ncells - game.givenCount,
    mode: game.mode, source: info.source || "typed", level: info.level || null, daily: info.daily || null,
    elapsed: Math.round(game.timeMs()), finished: !!game.finished, assisted: !!game.assisted,
    hints: game.hintsUsed || 0, moves: game.done ? game.done.length : 0, updated: Date.now(), ...extra,
  };
}

export class Library {
  constructor() {
    /** @type {Problem[]} */
    this.problems = []; // [{key, raw}] values that could not be read (set aside, not deleted)
    this.blocked = false;
    /** @type {GameIndex} */
    this.index = { version: 2, current: null, games: [] };
    /** @type {Set<string>} */
    this.removed = new Set(); // ids deleted here: another tab's copy of the index must not bring them back
    /** @type {Map<string, number>} */
    this.seqs = new Map(); // id -> the save number this tab last wrote or read (see save)
    this.tab = readTab();
    this.load();
    // A game whose first save storage refused is in no index: this tab's own copy brings it back.
    const kept = this.tab.game && !this.get(this.tab.game) ? this.unsavedHere(this.tab.game) : null;
    if (kept && Array.isArray(kept.box)) {
      this.index.games.push({ id: /** @type {string} */ (this.tab.game), puzzle: "", n: kept.box[0] * kept.box[1], source: "saved",
        finished: !!kept.finished, updated: Date.now() });
    }
  }

  // Read the index again (at boot, and when another tab wrote it). Anything stored that is not an
  // index this release knows (`null`, `42`, a list, text that is not JSON) is set aside, said once, and
  // the index is rebuilt from the games' own keys; entries with wrong fields are kept, those fields reset.
  load() {
    const { value, raw, error } = readStored(INDEX_KEY);
    if (error === "blocked") this.blocked = true;
    const valid = !!value && typeof value === "object" && value.version === 2 && Array.isArray(value.games);
    let damaged = error === "corrupt" || (raw !== null && !valid);
    if (valid) {
      /** @type {LibraryEntry[]} */
      const games = value.games.filter((/** @type {any} */ g) => g && typeof g === "object" && typeof g.id === "string"
        && typeof g.puzzle === "string");
      if (games.length !== value.games.length) damaged = true;
      if (value.current != null && typeof value.current !== "string") damaged = true; // reset to none below
      for (const g of games) if (!cleanMeta(g)) damaged = true;
      const behind = this.keepKnown(games);
      this.index = { version: 2, current: typeof value.current === "string" ? value.current : null, games };
      if (damaged) setAside(INDEX_KEY, /** @type {string} */ (raw)); // the damaged text is kept; the cleaned index is written below
      else if (behind) this.writeIndex();
    } else if (raw !== null && error !== "corrupt") {
      setAside(INDEX_KEY, raw); // JSON, but not an index this release knows: keep its text
    }
    if (damaged && !this.problems.some((p) => p.key === INDEX_KEY && p.raw === raw)) {
      this.problems.push({ key: INDEX_KEY, raw });
    }
    if (damaged) this.recover();
    this.migrate();
  }

  // What this tab knows that the index just read (`games`, changed in place) lacks: an entry another
  // tab's write crossed (its game's key is still there, or this tab keeps its refused save), or an
  // older copy of an entry (a lower `seq`). True when there was any: the stored index is behind.
  /** @param {LibraryEntry[]} games */
  keepKnown(games) {
    let behind = false;
    const stored = new Map(games.map((g) => [g.id, g]));
    for (const mine of this.index.games) {
      const theirs = stored.get(mine.id);
      if (theirs) {
        if ((mine.seq || 0) > (theirs.seq || 0)) {
          Object.assign(theirs, mine);
          behind = true;
        }
      } else if (!this.removed.has(mine.id)
        && (readStored(GAME_PREFIX + mine.id).raw !== null || this.unsavedHere(mine.id))) {
        games.push(mine);
        behind = true;
      }
    }
    return behind;
  }

  // The index was lost but the games may still be there: list every game key again.
  recover() {
    /** @type {string[]} */
    let keys = [];
    try {
      keys = Object.keys(localStorage).filter((k) => k.startsWith(GAME_PREFIX) && !k.includes(".aside."));
    } catch {
      return;
    }
    for (const key of keys) {
      const id = key.slice(GAME_PREFIX.length);
      if (this.index.games.some((g) => g.id === id)) continue;
      const { value } = readStored(key);
      if (value && Array.isArray(value.givens)) {
        this.index.games.push({ id, puzzle: "", n: value.box ? value.box[0] * value.box[1] : 9, source: "recovered",
          finished: !!value.finished, updated: 0 });
      }
    }
    this.writeIndex();
  }

  // The one game of earlier releases becomes the first entry.
  migrate() {
    const { value, raw, error } = readStored(LEGACY_GAME_KEY);
    if (error === "corrupt") this.problems.push({ key: LEGACY_GAME_KEY, raw });
    if (!value) return;
    const id = newId();
    if (writeJSON(GAME_PREFIX + id, value)) {
      this.index.games.unshift({ id, puzzle: "", n: value.box ? value.box[0] * value.box[1] : 9, source: "saved",
        finished: !!value.finished, updated: Date.now() });
      this.index.current = id;
      if (this.writeIndex()) removeKey(LEGACY_GAME_KEY);
    }
  }

  // Write the index, merged with what another tab of the site may have written since this one read
  // it (a link opened in a second tab is a new game there): entries this tab does not know are kept,
  // and so is another tab's newer copy of an entry (a higher `seq`; see the top of this file).
  writeIndex() {
    const { value } = readStored(INDEX_KEY);
    if (value && value.version === 2 && Array.isArray(value.games)) {
      const known = new Map(this.index.games.map((g) => [g.id, g]));
      for (const g of value.games) {
        if (!g || typeof g.id !== "string" || typeof g.puzzle !== "string" || this.removed.has(g.id)) continue;
        const mine = known.get(g.id);
        if (!mine) this.index.games.push(g);
        else if (Number.isSafeInteger(g.seq) && g.seq > (mine.seq || 0) && cleanMeta({ ...g })) Object.assign(mine, g);
      }
    }
    return writeJSON(INDEX_KEY, this.index);
  }

  list() {
    return [...this.index.games].sort((a, b) => (b.updated || 0) - (a.updated || 0));
  }

  /** @param {string | null} id */
  get(id) {
    return this.index.games.find((g) => g.id === id) || null;
  }

  get current() {
    return this.index.current;
  }

  // A new entry for a game; returns its id (saved at once). False from `save` means not stored.
  /** @param {Game} game */
  add(game) {
    const id = newId();
    this.index.games.push({ id, ...metaOf(game) });
    this.index.current = id;
    this.prune();
    this.show(id);
    return { id, saved: this.save(id, game) };
  }

  // --- which tab shows which game (see the top of this file) --------------------------------------

  // This tab puts game `id` on its board, and claims it.
  /** @param {string} id */
  show(id) {
    this.tab.game = id;
    try {
      sessionStorage.setItem(TAB_KEY, JSON.stringify(this.tab));
    } catch {
      // Blocked: the tab's memory holds it for this page's life.
    }
    const { value } = readStored(SHOWN_KEY);
    const shown = value && typeof value === "object" && !Array.isArray(value) ? value : {};
    const known = new Set(this.index.games.map((g) => g.id));
    for (const key of Object.keys(shown)) if (!known.has(key) && key !== id) delete shown[key];
    shown[id] = this.tab.id;
    writeJSON(SHOWN_KEY, shown);
  }

  // The game this tab showed last (kept across a reload of the tab), or null.
  get tabGame() {
    return this.tab.game;
  }

  // Whether no other tab has shown game `id` since this one did: only then may the next puzzle this tab
  // loads take the entry over (when the player never touched it).
  /** @param {string} id */
  ownedHere(id) {
    const { value } = readStored(SHOWN_KEY);
    return !!value && typeof value === "object" && value[id] === this.tab.id;
  }

  // Save a game under its id; returns false when storage refused (full, blocked). Every save is
  // numbered (`seq`): a `passive` save (the page going away, an answer from the engine, nothing the
  // player did) is skipped and returns "stale" when another tab has saved this game since this tab
  // last did, so a tab in the background never writes its older copy over the other tab's moves.
  /** @param {string} id @param {Game} game @param {{passive?: boolean}} [options] @returns {boolean | "stale"} */
  save(id, game, { passive = false } = {}) {
    const entry = this.get(id);
    if (!entry) return false;
    const stored = readStored(GAME_PREFIX + id).value;
    const storedSeq = stored && Number.isInteger(stored.seq) ? stored.seq : 0;
    const mine = /** @type {number} */ (this.seqs.has(id) ? this.seqs.get(id) : storedSeq);
    if (passive && storedSeq > mine) return "stale";
    const seq = storedSeq + 1;
    Object.assign(entry, metaOf(game), { seq });
    this.index.current = id;
    const saved = { ...game.toJSON(), seq };
    const ok = writeJSON(GAME_PREFIX + id, saved);
    if (ok) this.seqs.set(id, seq);
    const indexed = this.writeIndex();
    this.keepInTab(id, ok && indexed ? null : saved);
    return indexed && ok;
  }

  // Whether storage has room for `chars` more characters (about a game's worth of moves): a probe
  // written and removed at once, under a key the page's storage listener ignores.
  hasRoom(chars = 16384) {
    try {
      localStorage.setItem("probe.sudoku", "x".repeat(chars));
      localStorage.removeItem("probe.sudoku");
      return true;
    } catch {
      return false;
    }
  }

  // A save that storage refused is kept in this tab's own storage (sessionStorage has a quota of its
  // own), so a reload of the tab while storage is still full brings the game back as it was; the next
  // save that succeeds clears it.
  /** @param {string} id @param {object | null} saved */
  keepInTab(id, saved) {
    try {
      if (saved) sessionStorage.setItem(`${TAB_KEY}.unsaved`, JSON.stringify({ id, game: saved }));
      else if (this.unsavedHere(id)) sessionStorage.removeItem(`${TAB_KEY}.unsaved`);
    } catch {
      // Blocked or full too: the page has said the game is not saved.
    }
  }

  // The save of game `id` that storage refused, kept in this tab (see keepInTab), or null.
  /** @param {string} id @returns {any} the game this tab kept, unsaved, or null */
  unsavedHere(id) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(`${TAB_KEY}.unsaved`) || "null");
      return kept && kept.id === id && kept.game && typeof kept.game === "object" ? kept.game : null;
    } catch {
      return null;
    }
  }

  // Whether another tab saved this game since this tab last wrote or read it.
  /** @param {string} id */
  newerElsewhere(id) {
    const stored = readStored(GAME_PREFIX + id).value;
    return !!stored && Number.isInteger(stored.seq) && this.seqs.has(id) && stored.seq > /** @type {number} */ (this.seqs.get(id));
  }

  // The saved game of an entry: {value, raw} or {value: null, error, raw} ("missing", "corrupt", "blocked"). A newer
  // copy this tab kept when storage refused it comes first, with `unsaved: true`.
  /**
   * @param {string} id
   * @returns {{value: any, unsaved?: boolean, raw?: string | null, error?: "blocked" | "corrupt" | "missing"}}
   */
  read(id) {
    const kept = this.unsavedHere(id);
    const { value, raw, error } = readStored(GAME_PREFIX + id);
    const storedSeq = value && Number.isInteger(value.seq) ? value.seq : 0;
    if (kept && (!Number.isInteger(kept.seq) || kept.seq > storedSeq)) return { value: kept, unsaved: true };
    // JSON that is nothing (`null`, `false`, `0`, `""`) is as unreadable as text that is not JSON, and said
    // so; it used to pass for a missing game, whose entry was dropped and its text deleted unsaid.
    const nothing = !error && raw !== null && !value;
    if (nothing) setAside(GAME_PREFIX + id, raw); // readStored sets aside only text that is not JSON
    if (error === "corrupt" || nothing) this.problems.push({ key: GAME_PREFIX + id, raw });
    if (error || nothing) return { value: null, error: error || "corrupt", raw };
    if (value && Number.isInteger(value.seq)) this.seqs.set(id, value.seq);
    return value ? { value, raw } : { value: null, error: "missing" };
  }

  // Game `id` is on the board; `claim: false` while a link is still to be read (see the top of this file).
  /** @param {string} id @param {{claim?: boolean}} [options] */
  select(id, { claim = true } = {}) {
    if (!this.get(id)) return false;
    this.index.current = id;
    if (claim) this.show(id);
    return this.writeIndex();
  }

  /** @param {string} id */
  remove(id) {
    this.removed.add(id);
    this.index.games = this.index.games.filter((g) => g.id !== id);
    if (this.index.current === id) this.index.current = null;
    removeKey(GAME_PREFIX + id);
    return this.writeIndex();
  }

  // A game that fails the schema: its text moves aside (kept, never deleted) and its entry goes.
  /** @param {string} id @param {string} raw */
  setAside(id, raw) {
    this.removed.add(id);
    setAside(GAME_PREFIX + id, raw);
    this.index.games = this.index.games.filter((g) => g.id !== id);
    if (this.index.current === id) this.index.current = null;
    return this.writeIndex();
  }

  // An unfinished game of this puzzle (the share line), newest first.
  /** @param {string} puzzle */
  findOpen(puzzle) {

    return this.list().find((g) => g.puzzle === puzzle && !g.finished) || null;
  }

  // Finished games beyond MAX_FINISHED go, oldest first; open games always stay.
  prune() {
    const finished = this.list().filter((g) => g.finished && g.id !== this.index.current);
    for (const g of finished.slice(MAX_FINISHED)) {
      this.removed.add(g.id);
      this.index.games = this.index.games.filter((x) => x.id !== g.id);
      removeKey(GAME_PREFIX + g.id);
    }
  }
}
