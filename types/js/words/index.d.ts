// The types of js/words/index.js, the module build.py writes into dist/ from the catalogues (write_words,
// sudoku_core/locales/*.json); tsconfig's rootDirs lays types/ over web/, so i18n.js's import finds it.
/** A module of one language's words: key -> text. */
type WordsModule = Promise<{ default: Record<string, string> }>;
/** Each language's own name, by its BCP 47 tag, English first. */
export const NAMES: Record<string, string>;
/** Old names of a language, still read: "zh" -> "zh-CN". */
export const ALIASES: Record<string, string>;
/** A loader of each language's page words. */
export const PAGE: Record<string, () => WordsModule>;
/** A loader of each language's lab words (the lab page alone loads them). */
export const LAB: Record<string, () => WordsModule>;
/** A loader of each language's words of the lessons (the Learn page alone loads them): `lesson.<id>.what` and the like. */
export const LEARN: Record<string, () => WordsModule>;
