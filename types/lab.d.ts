// The lab page's shared object, `lab` (web/js/lab/main.js), which every view of the lab is given. For the
// type checker alone (no page loads it).
import type { EngineClient } from "../web/js/engine.js";
import type { Conflict, GridPayload, GridValue, LabInfo } from "./ops.js";

/** The puzzle the lab works on: the engine's `lab_parse` answer. */
export type LabPuzzle = GridValue & { conflicts: Conflict[]; text: string };

/** A message of the lab's line: a key and its parameters (a function parameter is worded when said). */
export type LabWords = [string, Record<string, unknown>?];

export interface Lab {
  engine: EngineClient;
  say(message: LabWords, kind?: string): void;
  describeError(error: { kind?: string; message: string; details?: object }): string;
  nodeLimit(): number;
  methodName(method: string): string;
  setName(name: string): string;
  puzzle: LabPuzzle | null;
  info: LabInfo | null;
  listeners: ((puzzle: LabPuzzle) => void)[];
  onPuzzle(fn: (puzzle: LabPuzzle) => void): void;
  payload(): GridPayload;
  shape(): { variant: string; regions: number[] | null };
}

declare global {
  interface Window {
    /** For tests: the lab's parts (lab/main.js). */
    lab: { [part: string]: unknown };
  }
}
