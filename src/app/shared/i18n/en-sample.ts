import type { GradesProblem } from "../grades-text";

/** The sample form's words (en.ts's `sample`): questions, contexts, ids and grades, a pasted conversation. */
export const enSample = {
  title: "Sample",
  question: "Question",
  answer: "Answer",
  context: (n: number) => `Context ${n}`,
  contexts: "Contexts",
  reference: "Reference",
  optional: "optional",
  retrievedIds: "Retrieved ids (rank order)",
  relevantIds: "Relevant ids",
  idsHint: "optional · one per line or comma-separated; scored by hit rate, MRR, NDCG… without a key",
  relevantGrades: "Relevance grades",
  gradesPlaceholder: "d1: 3",
  gradesHint: "optional · id: grade per line (or a JSON object); a grade overrides the 1 a relevant id gets, for NDCG",
  gradesProblem: (p: GradesProblem) =>
    p.kind === "json"
      ? p.key === null
        ? "not a valid JSON object"
        : `the grade of "${p.key}" must be a number >= 0`
      : p.kind === "shape"
        ? `entry ${p.entry} ("${p.text}") is not written id: grade`
        : p.kind === "grade"
          ? `entry ${p.entry}: the grade of "${p.id}" is "${p.text}", expected a number >= 0`
          : `entry ${p.entry}: "${p.id}" is graded twice`,
  conversation: "Conversation",
  conversationMessages: "Conversation messages (JSON)",
  conversationHint: "optional · OpenAI chat messages or ragas multi-turn JSON; scored by the conversation metrics",
  referenceToolCalls: "Reference tool calls (JSON)",
  toolCallsHint: 'optional · a list of {"name", "args"} or OpenAI tool_calls',
  conversationRead: (turns: number, calls: number) => `Read ${turns} ${turns === 1 ? "turn" : "turns"} with ${calls} tool ${calls === 1 ? "call" : "calls"}.`,
  pasteProblem: (field: string, message: string) => `${field}: ${message}`,
  addContext: "Add context",
  removeContext: (n: number) => `Remove context ${n}`,
  moveUp: (n: number) => `Move context ${n} up`,
  moveDown: (n: number) => `Move context ${n} down`,
  examples: "Examples",
  exampleEn: "English example",
  exampleZh: "Chinese example",
  moreExamples: "More examples…",
  clear: "Clear",
  metrics: "Metrics",
  score: "Score",
  scoring: "Scoring…",
  cancel: "Cancel",
  bypassCache: "Bypass cache",
  shortcut: "Ctrl+Enter",
  needKey:
    "Scoring your own text with a judge needs an API key. Open Settings to add one; without a key, the built-in examples are scored by the demo judge, and the metrics marked “no judge” score any text.",
  keylessOnly: (names: string) => `No API key: only the metrics that need no judge are scored (${names}). Add a key in Settings for the others.`,
  noJudge: "no judge",
  noJudgeHint: "needs no judge and no key: computed in your browser from the answer and the reference",
  nothingSelected: "Choose at least one metric that can run.",
};
