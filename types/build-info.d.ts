// The type of build-info.js, the module build.py writes into dist/ (build_info_module): what the build
// ships and the engine's facts the page needs before the engine is up. tsconfig's rootDirs lays this
// directory over web/, so `import { BUILD } from "../build-info.js"` in web/js/ finds it.

/** A variant as sudoku_core.grid's page_domain describes it. */
export interface VariantInfo {
  name: string;
  /** the sides it is played on */
  sides: number[];
  /** what its boxes are called: "box", or "region" in a Jigsaw */
  boxKind: string;
  /** whether it has a Killer's cages */
  cages: boolean;
  /** the kind of its extra houses ("diagonal", "window"), null without any */
  extraKind: string | null;
  /** its extra houses on each side (keys are sides as strings), cells 0-based, in the engine's order */
  extra: Record<string, number[][]>;
}

export const BUILD: {
  version: string;
  /** the engine's archive, the picture reader's, and the trimmed standard library (paths in dist/) */
  archive: string;
  archiveHash: string;
  reader: string;
  stdlib: string;
  pyodide: string;
  levels: string[];
  symmetries: string[];
  symbols: string;
  domain: { boxes: Record<string, [number, number]>; variants: VariantInfo[] };
};
