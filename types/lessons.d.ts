// data/lessons.json, which build.py writes (sudoku_core/lessons.py page_data, with the examples of
// web/data/lesson-examples.json, less the lessons' words: build.py split_lessons): what the Learn page, a
// Practise game and the lab's replay read. The lessons' words are each language's own, with its other words
// (js/words/learn-TAG.js: `lesson.<id>.what` and the like). For the type checker alone.
import type { Box, Cage, StepData, Words } from "./ops.js";

/** A position a lesson draws, and the step on it. */
export interface LessonExample {
  box: Box;
  givens: number[];
  /** every cell's digit: the givens and those placed since */
  values: number[];
  /** every open cell's candidates (bit d-1 for digit d) */
  notes: number[];
  variant?: string;
  regions?: number[] | null;
  cages?: Cage[] | null;
  step: Partial<StepData>;
}

/** What Practise makes for a technique (lessons.py practice). */
export interface LessonPractice {
  level: string;
  technique?: string;
  variant?: string;
  /** puzzles shipped for it, whose rated path takes it */
  puzzles?: string[];
  /** the technique practised instead */
  instead?: string;
}

export interface Lesson {
  name: Words;
  level: string;
  ladder: boolean;
  example?: LessonExample | null;
  counter?: LessonExample | null;
  practice: LessonPractice;
}

export interface Lessons {
  groups: { id: string; techniques: string[] }[];
  lessons: { [id: string]: Lesson };
}
