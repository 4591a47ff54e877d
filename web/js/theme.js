// @ts-check
// The colour scheme, for every page of the site (the game and the lab): the saved choice (settings in
// storage.js), or the system's, followed live, when the choice is "system"; high contrast on top.
// styles.css keys its palettes on html[data-scheme] and html[data-contrast].
const systemDark = typeof window !== "undefined" ? window.matchMedia("(prefers-color-scheme: dark)") : null;

/** @typedef {import("./storage.js").Settings} Settings */

/** @param {Pick<Settings, "theme" | "contrast">} settings */
export function applyTheme(settings) {
  const root = document.documentElement;
  root.dataset.theme = settings.theme;
  const dark = settings.theme === "dark" || (settings.theme === "system" && !!systemDark && systemDark.matches);
  root.dataset.scheme = dark ? "dark" : "light";
  if (settings.contrast) root.dataset.contrast = "high";
  else delete root.dataset.contrast;
}

// Re-apply when the system's scheme changes (it matters only while following it).
/** @param {() => Pick<Settings, "theme" | "contrast">} getSettings */
export function followSystem(getSettings) {

  if (systemDark) systemDark.addEventListener("change", () => applyTheme(getSettings()));
}
