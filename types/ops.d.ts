// The engine's operations as the page sees them: for each name `engine.request(name, payload)` takes
// (web/js/engine.js), what its payload holds and what its result is. The engine's side is
// sudoku_core/bridge/ (core.py, play.py, lab.py, picture.py, session.py for the jobs); this file restates
// it for the type checker alone (tsconfig's rootDirs lays types/ over web/, so web/js reaches it as
// "../ops.js"; no page loads it). Only JSON crosses: cells are 0-based, digits 1..n, 0 empty.

/** Words in each language the engine speaks ("en", "zh"). */
export type Words = { [lang: string]: string };
/** [cell, digit]: a candidate. */
export type Cand = [number, number];
export type Box = [number, number];
export interface Cage { sum: number; cells: number[] }

// --- grids ------------------------------------------------------------------------------------------

/** A grid as the page sends it: text, or box + cells, with a variant's regions or cages. */
export interface GridPayload {
  text?: string;
  /** the symbols a text is written in ("hex", "letters"... or the symbols themselves) */
  alphabet?: string;
  box?: Box;
  cells?: number[];
  symbols?: string;
  variant?: string;
  regions?: number[] | null;
  cages?: Cage[] | null;
  /** the engine's words in these languages only */
  langs?: string[];
}

/** The grid as the engine reads it (core.py grid_value). */
export interface GridValue {
  size: number;
  box: Box;
  cells: number[];
  symbols: string;
  blank: string;
  givens: number;
  line: string;
  variant: string;
  regions: number[] | null;
  cages: Cage[] | null;
}

/** A rule the digits break: two equal digits in a house or cage, or a full cage off its sum. */
export interface Conflict {
  cells: number[];
  message: string;
  house?: number;
  cage?: number;
  digit?: number;
  sum?: number;
  found?: number;
}

export interface SolveResult {
  method: string;
  limit: number;
  count: number;
  status: string;
  solutions: string[];
  stats: { [counter: string]: number };
  ms: number;
  gave_up: boolean;
  node_limit: number | null;
  /** each solution as digits */
  cells: number[][];
  conflicts: Conflict[];
  /** the cells where the first two solutions differ */
  differences: number[];
}

// --- hints and steps ----------------------------------------------------------------------------------

/** A house of a step: its kind ("row", "column", "box", "region", "diagonal", "window") and place. */
export interface StepHouse { kind: string; index: number }

/** A step as data (sudoku_core/step.py Step.to_dict, plus `sees`): what the overlay draws. */
export interface StepData {
  technique: string;
  placements: Cand[];
  eliminations: Cand[];
  cells: number[];
  candidates: Cand[];
  houses: StepHouse[];
  cover: StepHouse[];
  digits: number[];
  fins: Cand[];
  links: { from: Cand[]; to: Cand[]; strong: boolean }[];
  groups: { label: string; candidates: Cand[] }[];
  variant?: string;
  /** a Killer's cages the step reasons with */
  cages?: number[];
  /** why a single is one: [seen from, cell] pairs */
  sees?: [number, number][];
}

export interface Highlight { cells: number[]; candidates: Cand[] }

/** A message at one level of detail: its key and parameters, and its text per language. */
export interface HintMessage { key: string; params: { [name: string]: unknown }; text: Words }

/** A wrong entry or a struck-out true candidate. */
export interface Mistake { kind: string; cell: number; digit: number }

/** The `hint` operation's answer (sudoku_core/hint.py next_hint). */
export interface Hint {
  status: "step" | "mistake" | "solved" | "stuck" | "no_solution" | "multiple" | "gave_up";
  /** detail levels "0", "1", "2" */
  messages: { [level: string]: HintMessage };
  highlight: Highlight;
  technique?: string;
  name?: Words;
  step?: StepData;
  mistakes?: Mistake[];
  /** status "stuck": [cell, digit], the answer of the empty cell with the fewest candidates */
  reveal?: Cand;
  nodes?: number;
}

/** One step of a list of steps (the solution path, All steps): hint.py step_entry. */
export interface StepEntry {
  index?: number;
  technique: string;
  name?: Words;
  placements: Cand[];
  eliminations: Cand[];
  /** the full explanation per language */
  text: Words;
  highlight: Highlight;
  step: StepData;
}

/** The `rate` operation's answer; `steps` (and a steps job) adds the solution path. */
export interface Rating {
  status: "unique" | "multiple" | "no_solution" | "gave_up";
  level: string | null;
  score: number | null;
  hardest: string | null;
  hardest_name?: Words;
  solved: boolean;
  nsteps: number;
  exact: boolean;
  nodes?: number;
  steps?: StepEntry[];
}

/** All steps at a position, grouped by technique (hint.py all_steps_work); else answered as a hint is. */
export interface StepGroup {
  technique: string;
  name: Words;
  level: string;
  score: number;
  ladder: boolean;
  count: number;
  steps: StepEntry[];
  /** the search stopped one step past the page's cap: there are more than `count` */
  more?: boolean;
}
export type AllSteps =
  | { status: "steps"; groups: StepGroup[]; count: number; more?: boolean }
  | (Hint & { groups?: StepGroup[]; count?: number });

/** A player's position, as `hint` and `all_steps_job` take it. */
export interface PositionPayload extends GridPayload {
  entered?: number[];
  /** notes: a mask (bit d) or a digit list per cell */
  pencil?: (number | number[])[];
  /** the givens' unique solution, if known */
  solution?: number[];
  /** a technique id the hint takes whenever it applies (Practise) */
  prefer?: string;
}

// --- new games -------------------------------------------------------------------------------------------

/** What generation takes (play.py _options). */
export interface GenerateOptions {
  size?: number;
  level?: string | null;
  symmetry?: string;
  minimal?: boolean;
  variant?: string;
  givens?: boolean;
  technique?: string | null;
  seed?: number | string;
  attempts?: number;
  [option: string]: unknown;
}

/** A generated puzzle (play.py _found): `found` an exact match, and then the puzzle and its rating. */
export interface Generated {
  found: boolean;
  seed?: number | string;
  attempts?: number;
  level?: string;
  score?: number;
  hardest?: string;
  symmetry?: string;
  minimal?: boolean;
  line?: string;
  box?: Box;
  cells?: number[];
  solution?: number[];
  givens?: number;
  variant?: string;
  regions?: number[] | null;
  cages?: Cage[] | null;
  /** op daily */
  date?: string;
  chunk?: number;
  ms?: number;
}

/** A job's slice (session.py _advance): its id, whether it is done, and its progress; done, its answer too. */
export interface JobSlice {
  job: number;
  done: boolean;
  ms: number;
  longest_ms: number;
}
export type GenerateSlice = JobSlice & { attempts?: number; phase?: string } & Partial<Generated>;
export type StepsSlice = JobSlice & Partial<Rating>;
export type AllStepsSlice = JobSlice & {
  technique?: string | null;
  name?: Words;
  k?: number;
  n?: number;
  nsteps?: number;
  /** the techniques whose search ended in this slice, to list at once while the rest are searched */
  new_groups?: StepGroup[];
} & Partial<{ status: string; groups: StepGroup[]; count: number; more: boolean }> & Partial<Omit<Hint, "status">>;

// --- pictures --------------------------------------------------------------------------------------------

/** What the reader read in a picture (sudoku_core/scan.py ScanResult.to_dict). */
export interface ScanResult {
  /** 81 characters, "." for an empty cell */
  puzzle: string;
  size: number;
  /** the grid's corners in the picture's pixels: top-left, top-right, bottom-right, bottom-left */
  corners: [number, number][];
  confidence: number[];
  /** the cells read with little confidence */
  uncertain: number[];
  grid_score: number;
  inverted: boolean;
  /** 0 none, 1, or 2 several */
  solutions: number;
  timings: { [stage: string]: number };
}

// --- the lab ---------------------------------------------------------------------------------------------

export interface LabPayload extends GridPayload {
  methods?: string[];
  method?: string;
  node_limit?: number;
  cell?: number;
  [option: string]: unknown;
}

/** The lab's answers of compare, trace, matrix and batch: their fields are read where they are drawn
 * (web/js/lab/), not yet described here. */
export interface LabResult { [field: string]: any }

/** A constraint column of the exact-cover matrix (sudoku_core/lab.py _column): its number, what it asks for
 * (kind "cell", "row", "column", "box", a variant's house kind or "cage"; place 0-based; digit, 0 for "cell"),
 * the given that covers it (a cell) or null, and how many options still hold it. */
export interface MatrixColumn {
  column: number;
  kind: string;
  place: number;
  digit: number;
  meaning: string;
  covered_by: number | null;
  open_options: number;
}
/** An option of the matrix: a digit in a cell, or a Killer cage's combination (`digits`). */
export interface MatrixOption {
  option: number | null;
  digit?: number;
  digits?: number[];
  state: "given" | "open" | "removed" | "absent";
  blocked_by: number[];
  columns: MatrixColumn[];
}
/** The first step of Knuth's rule on the puzzle's matrix (lab.py _first_step). */
export interface MatrixWhy {
  by_options: [number, number][];
  column: number;
  kind: string;
  place: number;
  digit: number;
  options: number;
  hidden: number;
  updates: number;
  cell: number;
  try_digit: number;
  then_hidden: number;
  left: number;
  cage: number;
  combination: number[];
}
/** The `matrix` operation's answer (lab.py matrix_view): one cell's options and the matrix's layout. */
export interface MatrixResult {
  cell: number;
  name: string;
  n: number;
  given: number;
  options: MatrixOption[];
  columns_total: number;
  options_total: number;
  open_options_total: number;
  blocks: { kind: string; first: number; last: number; count: number; places: number; meaning: string }[];
  cage: { cage: number; total: number; cells: number[]; options: MatrixOption[] } | null;
  cages: Cage[] | null;
  why: MatrixWhy | null;
}

/** One method's row of a comparison (sudoku_core/lab.py): its result and its search's counts. */
export interface CompareRow {
  method: string;
  status: string;
  solutions: number;
  ms: number;
  nodes: number;
  placements: number;
  branch_points: number;
  guesses: number;
  eliminations: number | null;
  updates: number | null;
  max_depth: number;
  node_limit: number;
  gave_up: boolean;
  wrong?: number;
  [count: string]: unknown;
}

/** One method's raw figures over the puzzles of a batch request, which the page merges (lab/stats.js). */
export interface BatchPart {
  method: string;
  times_ms: number[];
  nodes: number[];
  branch_points?: number[];
  statuses: { [status: string]: number };
  wrong: number;
}

/** A puzzle of a batch the engine did not run: its index in the request, why (`reason` "budget": no
 * time left in this request), and the parse error's facts. */
export interface BatchError { index: number; reason?: string; message: string; [fact: string]: unknown }

/** The lab's samples and defaults (op samples). */
export interface LabInfo {
  sets: { [name: string]: { label: string; puzzles: string[] } };
  traceable: string[];
  node_limit: number;
  trace_limit: number;
  chunk_max: number;
  methods: string[];
}

// --- the table -------------------------------------------------------------------------------------------

/** Every operation: its payload and its result. */
export interface Ops {
  version: { payload: {}; result: { version: string; python: string; methods: string[]; ops: string[];
    techniques: { id: string; level: string; name: Words }[] } };
  parse: { payload: GridPayload; result: GridValue & { conflicts: Conflict[] } };
  solve: { payload: GridPayload & { method?: string; limit?: number; node_limit?: number }; result: SolveResult };
  format: { payload: GridPayload & { style?: "line" | "grid" }; result: { text: string } };
  hint: { payload: PositionPayload; result: Hint };
  rate: { payload: GridPayload & { quick?: boolean }; result: Rating };
  steps: { payload: GridPayload; result: Rating };
  daily: { payload: { date: string }; result: Generated };
  generate_job: { payload: GenerateOptions & { ms: number }; result: GenerateSlice };
  steps_job: { payload: GridPayload & { ms: number }; result: StepsSlice };
  all_steps_job: { payload: PositionPayload & { ms: number; technique?: string; cap?: number }; result: AllStepsSlice };
  job_step: { payload: { job: number; ms: number }; result: GenerateSlice & StepsSlice & AllStepsSlice };
  job_stop: { payload: { job: number }; result: { job: number; stopped: boolean } };
  scan: { payload: { width: number; height: number; channels?: number; pixels: string }; result: ScanResult };
  lab_parse: { payload: GridPayload; result: GridValue & { conflicts: Conflict[]; text: string } };
  compare: { payload: LabPayload; result: { rows: CompareRow[]; givens: number; n: number; request_seconds: number } };
  trace: { payload: LabPayload; result: LabResult };
  matrix: { payload: LabPayload; result: MatrixResult };
  batch: { payload: { puzzles: string[]; methods: string[]; node_limit?: number };
    result: { parts: BatchPart[]; errors: BatchError[]; count: number; [field: string]: unknown } };
  samples: { payload: {}; result: LabInfo };
}

export type OpName = keyof Ops;
export type Payload<K extends OpName> = Ops[K]["payload"];
export type Result<K extends OpName> = Ops[K]["result"];
