import type { JudgeOutputSpec } from "../ports";

/** One worked example: the input variables as text, and the reply the judge should give. */
export interface PromptExample {
  input: Record<string, string>;
  output: unknown;
}

/**
 * A judge prompt is data (DESIGN.md "a prompt is data"): a static instruction (sent as the
 * system message, so providers can cache it), few-shot examples, and an input template whose
 * {{variables}} the metric step fills. The output spec is fixed by the metric's code.
 */
export interface PromptDef<O = unknown> {
  id: string;
  metric: string;
  version: number;
  title: string;
  instruction: string;
  inputTemplate: string;
  variables: readonly string[];
  examples: PromptExample[];
  /** The reply's shape for any input (what the studio shows); calls send a per-call schema. */
  output: JudgeOutputSpec<O>;
  /**
   * The reply schema for one input, when it depends on the input (n numbered items -> exactly n
   * answers). The metric builds each call's schema from its own data; this is for checking the
   * worked examples, whose inputs are written by hand.
   */
  outputForInput?: (input: Record<string, string>) => JudgeOutputSpec<O>;
}

/** What a user may change in a prompt (the prompt studio edits these). */
export interface PromptOverride {
  instruction?: string;
  inputTemplate?: string;
  examples?: PromptExample[];
  /** Human name of the saved version, recorded in call logs. */
  versionName?: string;
}

export type PromptOverrides = Record<string, PromptOverride>;

export interface ResolvedPrompt<O = unknown> extends PromptDef<O> {
  hash: string;
  overridden: boolean;
  versionName?: string;
}
