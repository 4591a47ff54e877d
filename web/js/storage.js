// localStorage with versioned keys, robust to blocked or corrupt storage: a value that cannot be
// read or parsed is as if it were absent (and is removed), and a write that fails (quota, private
// mode) is dropped without breaking the page.
//
// Keys: `sudoku.game.v1` (the game in progress: givens, entries, notes, colours, history, clock)
// and `sudoku.settings.v1` (theme, contrast, checking, timer, highlighting, input modes).

export const GAME_KEY = "sudoku.game.v1";
export const SETTINGS_KEY = "sudoku.settings.v1";

export function readJSON(key) {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    return JSON.parse(raw);
  } catch {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage blocked altogether.
    }
    return null;
  }
}

export function writeJSON(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_SETTINGS = Object.freeze({
  theme: "system", contrast: false, check: false, showTimer: true, highlight: true,
  digitFirst: false, notesMode: false,
});

export function readSettings() {
  const saved = readJSON(SETTINGS_KEY);
  const settings = { ...DEFAULT_SETTINGS };
  if (saved && typeof saved === "object") {
    for (const key of Object.keys(DEFAULT_SETTINGS)) {
      if (typeof saved[key] === typeof DEFAULT_SETTINGS[key]) settings[key] = saved[key];
    }
  }
  if (!["system", "light", "dark"].includes(settings.theme)) settings.theme = "system";
  return settings;
}

export function writeSettings(settings) {
  return writeJSON(SETTINGS_KEY, settings);
}
