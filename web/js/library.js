// The library of games: every game the player starts (a new game, the daily puzzle, a link, a
// paste, a puzzle typed in) is an entry of its own, saved under its own key, and nothing replaces
// another. The player can resume any open game; finished games stay until there are more than
// MAX_FINISHED of them, oldest first out. Open games are never dropped.
//
// Storage (see storage.js): the index `sudoku.games.v2` = {version: 2, current, games: [meta]} and
// one key `sudoku.game.v2.<id>` per game holding `Game.toJSON()`. `meta` is what the games list shows
// without reading every game: see `metaOf`.
import { LEGACY_GAME_KEY, readStored, removeKey, setAside, writeJSON } from "./storage.js";

export const INDEX_KEY = "sudoku.games.v2";
export const GAME_PREFIX = "sudoku.game.v2.";
export const MAX_FINISHED = 60;

function newId(now = Date.now()) {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return `${now.toString(36)}-${a[0].toString(36)}`;
}

// The list entry of a game: enough to show and sort it.
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
    this.problems = []; // [{key, raw}] values that could not be read (set aside, not deleted)
    this.blocked = false;
    this.index = { version: 2, current: null, games: [] };
    this.removed = new Set(); // ids deleted here: another tab's copy of the index must not bring them back
    this.seqs = new Map(); // id -> the save number this tab last wrote or read (see save)
    this.load();
  }

  load() {
    const { value, raw, error } = readStored(INDEX_KEY);
    if (error === "blocked") this.blocked = true;
    const valid = value && value.version === 2 && Array.isArray(value.games);
    if (valid) {
      const games = value.games.filter((g) => g && typeof g.id === "string" && typeof g.puzzle === "string");
      this.index = { version: 2, current: typeof value.current === "string" ? value.current : null, games };
    } else if (value !== null) {
      setAside(INDEX_KEY, raw); // JSON, but not an index this release knows: keep its text
    }
    if (error === "corrupt" || (value !== null && !valid)) {
      this.problems.push({ key: INDEX_KEY, raw });
      this.recover();
    }
    this.migrate();
  }

  // The index was lost but the games may still be there: list every game key again.
  recover() {
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
  // it (a link opened in a second tab is a new game there): entries this tab does not know are kept.
  writeIndex() {
    const { value } = readStored(INDEX_KEY);
    if (value && value.version === 2 && Array.isArray(value.games)) {
      const known = new Set(this.index.games.map((g) => g.id));
      for (const g of value.games) {
        if (g && typeof g.id === "string" && typeof g.puzzle === "string" && !known.has(g.id)
          && !this.removed.has(g.id)) this.index.games.push(g);
      }
    }
    return writeJSON(INDEX_KEY, this.index);
  }

  list() {
    return [...this.index.games].sort((a, b) => (b.updated || 0) - (a.updated || 0));
  }

  get(id) {
    return this.index.games.find((g) => g.id === id) || null;
  }

  get current() {
    return this.index.current;
  }

  // A new entry for a game; returns its id (saved at once). False from `save` means not stored.
  add(game) {
    const id = newId();
    this.index.games.push({ id, ...metaOf(game) });
    this.index.current = id;
    this.prune();
    return { id, saved: this.save(id, game) };
  }

  // Save a game under its id; returns false when storage refused (full, blocked). Every save is
  // numbered (`seq`): a `passive` save (the page going away, an answer from the engine, nothing the
  // player did) is skipped and returns "stale" when another tab has saved this game since this tab
  // last did, so a tab in the background never writes its older copy over the other tab's moves.
  save(id, game, { passive = false } = {}) {
    const entry = this.get(id);
    if (!entry) return false;
    const stored = readStored(GAME_PREFIX + id).value;
    const storedSeq = stored && Number.isInteger(stored.seq) ? stored.seq : 0;
    const mine = this.seqs.has(id) ? this.seqs.get(id) : storedSeq;
    if (passive && storedSeq > mine) return "stale";
    Object.assign(entry, metaOf(game));
    this.index.current = id;
    const seq = storedSeq + 1;
    const ok = writeJSON(GAME_PREFIX + id, { ...game.toJSON(), seq });
    if (ok) this.seqs.set(id, seq);
    return this.writeIndex() && ok;
  }

  // Whether another tab saved this game since this tab last wrote or read it.
  newerElsewhere(id) {
    const stored = readStored(GAME_PREFIX + id).value;
    return !!stored && Number.isInteger(stored.seq) && this.seqs.has(id) && stored.seq > this.seqs.get(id);
  }

  // The saved game of an entry: {value} or {error, raw} ("missing", "corrupt", "blocked").
  read(id) {
    const { value, raw, error } = readStored(GAME_PREFIX + id);
    if (error) {
      if (error === "corrupt") this.problems.push({ key: GAME_PREFIX + id, raw });
      return { value: null, error, raw };
    }
    if (value && Number.isInteger(value.seq)) this.seqs.set(id, value.seq);
    return value ? { value } : { value: null, error: "missing" };
  }

  select(id) {
    if (!this.get(id)) return false;
    this.index.current = id;
    return this.writeIndex();
  }

  remove(id) {
    this.removed.add(id);
    this.index.games = this.index.games.filter((g) => g.id !== id);
    if (this.index.current === id) this.index.current = null;
    removeKey(GAME_PREFIX + id);
    return this.writeIndex();
  }

  // A game that fails the schema: its text moves aside (kept, never deleted) and its entry goes.
  setAside(id, raw) {
    this.removed.add(id);
    setAside(GAME_PREFIX + id, raw);
    this.index.games = this.index.games.filter((g) => g.id !== id);
    if (this.index.current === id) this.index.current = null;
    return this.writeIndex();
  }

  // An unfinished game of this puzzle (the share line), newest first.
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
