// The type of js/bank-extremes.js, the module build.py writes into dist/ from the engine's catalogue
// (write_bank_extremes, sudoku_core/extremes.py's BANKED); tsconfig's rootDirs lays types/ over web/, so
// bank.js's import finds it.
/** The New game bank's Extremes, by bank key ("9|extreme", "9|extreme|x", ...): lines in the page's one-line form. */
export const EXTREMES: Record<string, string[]>;
