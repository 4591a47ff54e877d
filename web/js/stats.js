// @ts-check
// Statistics, kept on this device only (`sudoku.records.v1`): one record per game the player began
// (a first move), marked solved when finished. Summaries per size, variant and level (a record
// without `variant` is classic, as every record was before variants): played, solved, best
// and median time, current and best streak (solved games in a row, an abandoned one breaks it), and
// the daily puzzle's streak (consecutive days solved). Exportable as JSON, resettable.
import { readStored, setAside, writeJSON } from "./storage.js";

export const RECORDS_KEY = "sudoku.records.v1";
const MAX_RECORDS = 5000;

/**
 * One game the player began. `level` is null for a pasted puzzle, `daily` the date ("2026-11-25") of a
 * daily puzzle; `ms`, `hints`, `mistakes`, `assisted` and `at` come with `solved`.
 * @typedef {{id: string, n: number, level: string | null, daily: string | null, started: number,
 *   solved?: boolean, ms?: number, hints?: number, mistakes?: number, assisted?: boolean, at?: number,
 *   variant?: string}} GameRecord
 */
/**
 * @typedef {{n: number, variant: string, level: string | null, played: number, solved: number, best: number | null,
 *   median: number | null, streak: number, bestStreak: number}} SummaryRow
 */
/** What a record says of its game: size, variant, level, daily date. @typedef {{n: number, level: string | null, daily: string | null, variant?: string}} GameKind */

/** @param {number[]} values @returns {number | null} */
function median(values) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
}

// A record's variant field: none for a classic game (so records read as they did before variants).
/** @param {string | undefined} variant @returns {{variant?: string}} */
function variantOf(variant) {
  return variant && variant !== "classic" ? { variant } : {};
}

/** @param {string} date @returns {string} */
function previousDay(date) {
  const d = new Date(`${date}T12:00:00`);
  d.setDate(d.getDate() - 1);
  const pad = (/** @type {number} */ x) => String(x).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// The times of the unassisted solved games among `records` (a solved record always has its time).
/** @param {GameRecord[]} records @returns {number[]} */
function solvedTimes(records) {
  return records.flatMap((r) => (r.solved && !r.assisted && r.ms !== undefined ? [r.ms] : []));
}

// The times of solved games (a solved record has its ms).
/** @param {GameRecord[]} records @returns {number[]} */
function timesOf(records) {
  return records.map((r) => /** @type {number} */ (r.ms));
}

const YEAR_MS = 366 * 24 * 3600 * 1000;

// A record this release can count: an id, a size, every number finite and in range, every other field
// text, true/false or null (see GameRecord).
/** @param {any} r @returns {boolean} */
function validRecord(r) {
  if (!r || typeof r !== "object" || Array.isArray(r) || typeof r.id !== "string") return false;
  if (!Number.isInteger(r.n) || r.n < 1 || r.n > 25) return false;
  if (r.solved && (typeof r.ms !== "number" || r.ms < 0 || r.ms > YEAR_MS)) return false;
  return Object.values(r).every((v) => v === null || typeof v === "string" || typeof v === "boolean"
    || (typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= 8.64e15));
}

export class Stats {
  // Records that cannot be read (not JSON, not the records object, a record with a wrong field such as
  // an endless time) are set aside with their text (storage.js) and said once (`problem`); the records
  // that can be read are kept and written back.
  constructor() {
    const { value, raw, error } = readStored(RECORDS_KEY);
    /** @type {{key: string, raw: string | null} | null} */
    this.problem = error === "corrupt" ? { key: RECORDS_KEY, raw } : null;
    const ok = !!value && typeof value === "object" && value.version === 1 && Array.isArray(value.records);
    /** @type {GameRecord[]} */
    this.records = ok ? value.records.filter(validRecord) : [];
    if (raw !== null && !error && (!ok || this.records.length !== value.records.length)) {
      setAside(RECORDS_KEY, raw);
      this.problem = { key: RECORDS_KEY, raw };
      if (this.records.length) this.write({ merge: false });
    }
  }

  // Write the records, merged with those another tab may have written since this one read them (a
  // game solved there stays counted); a reset here is not undone by the merge.
  /** @param {{merge?: boolean}} [options] @returns {boolean} whether it was written */
  write({ merge = true } = {}) {
    const { value } = merge ? readStored(RECORDS_KEY) : { value: null };
    if (value && value.version === 1 && Array.isArray(value.records)) {
      const mine = new Map(this.records.map((r) => [r.id, r]));
      for (const r of value.records) {
        if (!r || typeof r.id !== "string") continue;
        const here = mine.get(r.id);
        if (!here) this.records.push(r);
        else if (r.solved && !here.solved) Object.assign(here, r);
      }
      this.records.sort((a, b) => (a.started || 0) - (b.started || 0));
    }
    if (this.records.length > MAX_RECORDS) this.records.splice(0, this.records.length - MAX_RECORDS);
    return writeJSON(RECORDS_KEY, { version: 1, records: this.records });
  }

  /** @param {string} id @returns {GameRecord | null} */
  find(id) {
    return this.records.find((r) => r.id === id) || null;
  }

  // The player began a game (first move): it counts as played from now on.
  /** @param {string} id @param {GameKind} kind */
  started(id, { n, level, daily, variant }) {
    if (this.find(id)) return false;
    this.records.push({ id, n, ...variantOf(variant), level: level || null, daily: daily || null, started: Date.now(),
      solved: false });
    return this.write();
  }

  // The game was solved: returns {record, best} where best is the previous best time at this size
  // and level (null when this is the first), so the finish screen can say "a new record".
  /**
   * @param {string} id
   * @param {GameKind & {ms: number, hints: number, mistakes: number, assisted: boolean}} result
   */
  finished(id, { n, level, daily, variant, ms, hints, mistakes, assisted }) {
    /** @type {GameRecord | null} */
    let record = this.find(id);
    if (!record) {
      record = { id, n, ...variantOf(variant), level: level || null, daily: daily || null, started: Date.now() };
      this.records.push(record);
    }
    if (record.solved) return { record, best: this.best(n, level, id, variant) };
    const best = this.best(n, level, id, variant);
    Object.assign(record, { solved: true, ms: Math.round(ms), hints, mistakes, assisted: !!assisted, at: Date.now() });
    this.write();
    return { record, best };
  }

  // Best unassisted time at a size, variant and level, leaving out one game.
  /** @param {number} n @param {string | null} level @param {string | null} [except] @param {string} [variant] */
  best(n, level, except = null, variant = "classic") {
    const times = timesOf(this.records.filter((r) => r.solved && !r.assisted && r.n === n && r.level === (level || null)
      && (r.variant || "classic") === (variant || "classic") && r.id !== except));
    return times.length ? Math.min(...times) : null;
  }

  // Per size, variant and level: {n, variant, level, played, solved, best, median, streak, bestStreak}.
  summary() {
    /** @type {Map<string, GameRecord[]>} */
    const groups = new Map();
    for (const r of [...this.records].sort((a, b) => a.started - b.started)) {
      const key = `${r.n}|${r.variant || "classic"}|${r.level || ""}`;
      if (!groups.has(key)) groups.set(key, []);
      /** @type {GameRecord[]} */ (groups.get(key)).push(r);
    }
    /** @type {SummaryRow[]} */
    const rows = [];
    for (const list of groups.values()) {
      // An unfinished last game is in progress: it breaks no streak until another game begins (and,
      // unsolved, it could only have reset the best streak's count, never raised it).
      const counted = list[list.length - 1].solved ? list : list.slice(0, -1);
      let streak = 0;
      let bestStreak = 0;
      for (const r of counted) {
        streak = r.solved && !r.assisted ? streak + 1 : 0;
        bestStreak = Math.max(bestStreak, streak);
      }
      const times = timesOf(list.filter((r) => r.solved && !r.assisted));

      rows.push({ n: list[0].n, variant: list[0].variant || "classic", level: list[0].level, played: list.length, solved: list.filter((r) => r.solved).length,
        best: times.length ? Math.min(...times) : null, median: median(times), streak, bestStreak });
    }
    return rows.sort((a, b) => a.n - b.n || a.variant.localeCompare(b.variant)
      || String(a.level).localeCompare(String(b.level)));
  }

  // Consecutive days, ending today or yesterday, on which the daily puzzle was solved.
  /** @param {string} today "YYYY-MM-DD" @returns {number} */
  dailyStreak(today) {
    const days = new Set(this.records.flatMap((r) => (r.daily && r.solved ? [r.daily] : [])));
    let day = days.has(today) ? today : previousDay(today);
    let streak = 0;
    while (days.has(day)) {
      streak += 1;
      day = previousDay(day);
    }
    return streak;
  }

  exportJSON() {
    return JSON.stringify({ version: 1, exported: new Date().toISOString(), summary: this.summary(),
      records: this.records }, null, 2);
  }

  reset() {
    this.records = [];
    return this.write({ merge: false });
  }
}
