import type { Brain } from "./types";
import { REFUSAL, contentTerms, coverage, field, numberedItems, splitSentences, stripFormatNote } from "./text";

/**
 * Deterministic stand-ins for a judge model, one per built-in prompt. They read the user message
 * in the layout of each prompt's input template and answer by word overlap: crude, but stable,
 * so tests and benchmarks get plausible, checkable replies. A reply has exactly the keys its strict
 * schema declares: an engine that enforces the schema (xgrammar, OpenAI strict) could not send more.
 */

const SUPPORTED = 0.6;

export const faithfulnessStatements: Brain = ({ user }) => {
  const answer = field(stripFormatNote(user), "Answer");
  if (REFUSAL.test(answer)) return { statements: [] };
  return { statements: splitSentences(answer) };
};

export const faithfulnessVerdicts: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const context = field(text, "Context", ["Statements"]);
  const statements = numberedItems(field(text, "Statements"));
  return {
    verdicts: statements.map((s) => {
      const ok = coverage(s, context) >= SUPPORTED;
      return { reason: ok ? "The context states this." : "The context does not mention this.", verdict: ok ? 1 : 0 };
    }),
  };
};

export const answerRelevancyQuestions: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const answer = field(text, "Answer", ["Number of questions"]);
  const count = Number(field(text, "Number of questions")) || 3;
  const noncommittal = REFUSAL.test(answer) ? 1 : 0;
  const first = splitSentences(answer)[0] ?? answer;
  const stems = ["What is said about", "Can you tell me about", "What do we know about"];
  return {
    questions: Array.from({ length: count }, (_, i) => ({ question: `${stems[i % stems.length]} ${first.replace(/[.。!?！？]+$/u, "")}?`, noncommittal })),
  };
};

export const contextRelevanceSentences: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const question = contentTerms(field(text, "Question", ["Sentences"]));
  const sentences = numberedItems(field(text, "Sentences"));
  const needed: number[] = [];
  sentences.forEach((s, i) => {
    let shared = 0;
    for (const t of contentTerms(s)) if (question.has(t)) shared++;
    if (shared >= 2) needed.push(i + 1);
  });
  return { needed };
};

export const contextPrecisionVerdicts: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const reference = field(text, "Reference answer", ["Contexts"]);
  const contexts = numberedItems(field(text, "Contexts"));
  return {
    verdicts: contexts.map((c) => {
      const useful = coverage(reference, c) >= 0.3;
      return {
        reason: useful ? "It contains facts the reference uses." : "It does not contain what the reference says.",
        verdict: useful ? 1 : 0,
      };
    }),
  };
};

export const contextRecallStatements: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const reference = field(text, "Reference answer", ["Context"]);
  const context = field(text, "Context");
  return {
    statements: splitSentences(reference).map((s) => {
      const found = coverage(s, context) >= SUPPORTED;
      return { statement: s, reason: found ? "The context contains this." : "The context does not contain this.", attributed: found ? 1 : 0 };
    }),
  };
};
