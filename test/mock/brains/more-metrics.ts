import type { Brain } from "./types";
import { REFUSAL, contentTerms, coverage, field, numberedItems, splitSentences, stripFormatNote } from "./text";

/**
 * Brains for issue 16's prompts: factual correctness's claims, entity lists, context utilization
 * and custom judges (answer correctness and noise sensitivity use faithfulness's two prompts,
 * whose brains are in metrics.ts). Deterministic and crude, but each answers in the language of
 * its input and gives the counts the schema asks for.
 */

const CJK = /\p{Script=Han}/u;

/** Clauses of a sentence: split at commas and "and" (high atomicity), keeping the sentence's first words as a subject. */
function atoms(sentence: string): string[] {
  const parts = sentence
    .replace(/[.。!?！？]+$/u, "")
    .split(/,\s*(?:and\s+)?|\s+and\s+|[，、；;]/u)
    .map((p) => p.trim())
    .filter((p) => contentTerms(p).size > 0);
  if (parts.length <= 1) return [sentence];
  const end = CJK.test(sentence) ? "。" : ".";
  return parts.map((p) => `${p}${end}`);
}

const factualClaims: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const body = field(text, "Text");
  if (REFUSAL.test(body)) return { claims: [] };
  const high = field(text, "Atomicity", ["Coverage"]).toLowerCase() === "high";
  const sentences = splitSentences(body);
  return { claims: high ? sentences.flatMap(atoms) : sentences };
};

const STOP_CAPS = new Set(["The", "A", "An", "It", "He", "She", "They", "This", "That", "In", "On", "At", "And", "But", "Yes", "No", "I"]);

/** Capitalised runs and numbers (English); for Chinese, numbers with their unit and runs between function characters. */
function mockEntities(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b[A-Z][\p{L}'’-]*(?:\s+(?:of\s+)?[A-Z][\p{L}'’-]*)*/gu)) {
    const words = m[0].split(/\s+/).filter((w, i) => i > 0 || !STOP_CAPS.has(w));
    if (words.length > 0) found.push(words.join(" "));
  }
  const latin = text.replace(/\p{Script=Han}/gu, " ");
  for (const m of latin.matchAll(/\b\d[\d,.]*\b/gu)) found.push(m[0].replace(/[.,]+$/u, ""));
  for (const m of text.matchAll(/\d+(?:\.\d+)?(?:年|月|日|米|公里|小时|分钟|个|元|%)/gu)) found.push(m[0]);
  for (const run of text.split(/[^\p{Script=Han}]+/u)) {
    for (const piece of run.split(/[的是在了和与于及也都而被把从到为有着约需要大总后时经]+/u)) {
      const n = [...piece].length;
      if (n >= 2 && n <= 6) found.push(piece);
    }
  }
  return [...new Set(found.filter((e) => e.trim() !== ""))];
}

const entityList: Brain = ({ user }) => ({ entities: mockEntities(field(stripFormatNote(user), "Text")) });

const contextUtilizationVerdicts: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const answer = field(text, "Answer", ["Contexts"]);
  const contexts = numberedItems(field(text, "Contexts"));
  return {
    verdicts: contexts.map((c) => {
      const used = coverage(answer, c) >= 0.3;
      return { reason: used ? "The answer uses facts from it." : "The answer uses nothing from it.", verdict: used ? 1 : 0 };
    }),
  };
};

const RUDE = /\b(stupid|idiot|dumb|shut up|obviously you)\b|笨|蠢|闭嘴/i;

/** How well the answer addresses the question: shared content terms, 1-5. */
function level(question: string, answer: string): 1 | 2 | 3 | 4 | 5 {
  if (REFUSAL.test(answer) || answer.trim() === "") return 1;
  const share = question.trim() === "" ? 0.5 : coverage(question, answer);
  return Math.min(5, Math.max(2, 2 + Math.round(share * 3))) as 2 | 3 | 4 | 5;
}

const customBinary: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const answer = field(text, "Answer", ["Contexts", "Reference answer", "(Vote"]);
  const zh = CJK.test(answer);
  const met = answer.trim() !== "" && !RUDE.test(answer) && !REFUSAL.test(answer);
  const reason = met ? (zh ? "回答礼貌且切题。" : "The answer is courteous and on topic.") : zh ? "回答不礼貌或回避了问题。" : "The answer is rude or evasive.";
  return { reason, verdict: met ? 1 : 0 };
};

const customRubric: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const question = field(text, "Question", ["Answer", "Contexts", "Reference answer", "(Vote"]);
  const answer = field(text, "Answer", ["Contexts", "Reference answer", "(Vote"]);
  const score = level(question, answer);
  return { reason: CJK.test(answer) ? `回答与问题的契合程度为 ${score} 级。` : `The answer addresses the question at level ${score}.`, score };
};

export const moreMetricBrains: Record<string, Brain> = {
  factual_correctness_claims: factualClaims,
  context_entity_recall_entities: entityList,
  context_utilization_verdicts: contextUtilizationVerdicts,
  custom_judge_binary: customBinary,
  custom_judge_rubric: customRubric,
};
