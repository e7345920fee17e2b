/**
 * What a Stage 2 summarizer is given and gives back. A case is one training click as a
 * defense could see it (the task, the page, the point and what is there), with its training
 * label and what the defense said of it: never the scenario, its pattern family or its
 * category, and never a sample of the validation or test split.
 */
import type { Llm } from '../../simulator/llm/chat.ts';
import type { ClickLabel } from '../../simulator/measure/clicks.ts';
import type { Lesson } from './lessons.ts';

export interface Case {
  /** An opaque name for the case within one call ("case 3"). */
  id: string;
  /** The task's instruction, as the agent got it. */
  task: string;
  url: string;
  title: string;
  click: { x: number; y: number };
  /** The element a click there acts on, as the observation lists it; null for a point on no control. */
  target: { role: string; name: string; text?: string } | null;
  /** The text printed around the target (its card and fine print), as any reader of the page may take it. */
  around: string[];
  /** The training label: 1 legitimate, 0 invalid (no target of the task's), −1 deceptive. */
  label: ClickLabel;
  /** What the defense said: its label (null when it gave none) and its reason. */
  judged: { label: ClickLabel | null; reason: string };
  /** Failures only: DUDE's persistence counter κ, the judging passes it has stayed wrong through. */
  kappa?: number;
}

/** How many of a set of training clicks some lessons get right: the batch's own check (Algorithm 1, lines 8–15). */
export interface Trial {
  /** Clicks judged right, of `of`, over every training click of the samples the batch's cases come from. */
  correct: number;
  of: number;
  /** By case id: whether that case is judged right. */
  cases: ReadonlyMap<string, boolean>;
}

export interface SummaryInput {
  /** The iteration being made, from 1. */
  iteration: number;
  /** X^(t−1). */
  lessons: readonly Lesson[];
  /** B_f, highest κ first. */
  failures: readonly Case[];
  /** B_s. */
  anchors: readonly Case[];
  /** Judges candidate lessons on the batch's training samples with the defense (what a summarizer may try before it answers). */
  trial(lessons: readonly Lesson[]): Promise<Trial>;
  /** The run's LLM, for a summarizer that asks one (its calls go through the cassette). */
  llm: Llm;
}

export interface Summary {
  /** X^(t): the whole new list, not a change to the old one. */
  lessons: Lesson[];
  /** Anything the summarizer wants written beside the iteration (a reply it could not read). */
  note?: string;
}

export interface Summarizer {
  id: string;
  summarize(input: SummaryInput): Promise<Summary>;
}
