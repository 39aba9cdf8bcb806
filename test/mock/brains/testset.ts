import type { Brain } from "./types";
import { field, numberedItems, splitSentences, stripFormatNote } from "./text";

/**
 * Cooperative answers to test-set generation's prompts (src/engine/testset): entities are the
 * passage's capitalised words (or its leading CJK bigrams), a question quotes one sentence of its
 * context and the reference is that sentence verbatim, so the grounded check passes, and the
 * closed-book probe never knows, so the leakage check passes. Deterministic per input.
 */

const CJK = /[\u4e00-\u9fff]/u;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function entitiesOf(passage: string): string[] {
  if (CJK.test(passage)) {
    const runs = passage.match(/[\u4e00-\u9fff]{2,}/gu) ?? [];
    return [...new Set(runs.map((r) => r.slice(0, 4)))].slice(0, 6);
  }
  const words = passage.match(/\b[A-Z][\p{L}\d-]{2,}(?:\s+[A-Z][\p{L}\d-]{2,})*/gu) ?? [];
  return [...new Set(words)].slice(0, 8);
}

const testsetExtract: Brain = ({ user }) => {
  const passage = field(stripFormatNote(user), "Passage");
  const entities = entitiesOf(passage);
  const quality = passage.length < 40 ? 1 : 4;
  return { themes: entities.slice(0, 2).map((e) => `about ${e}`), entities, quality };
};

const testsetSummary: Brain = ({ user }) => {
  const text = field(stripFormatNote(user), "Document");
  return { summary: splitSentences(text).slice(0, 2).join(" ") || "A short document." };
};

const testsetPersonas: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const count = Number(field(text, "Number of personas", ["Summaries"])) || 3;
  const chinese = field(text, "Language", ["Number of personas"]).startsWith("Chinese");
  return {
    personas: Array.from({ length: count }, (_, i) =>
      chinese
        ? { name: `读者${i + 1}`, role_description: `第${i + 1}类想从这些文档中查找事实的读者。` }
        : { name: `Reader ${i + 1}`, role_description: `Reader type ${i + 1} looking for facts in these documents.` },
    ),
  };
};

/** One sentence of each context (picked by the request's persona, style and length), quoted. */
const testsetQuery: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const chinese = field(text, "Language", ["Persona", "Query style"]).startsWith("Chinese");
  const block = text.includes("\nContexts:") ? numberedItems(field(text, "Contexts")) : [field(text, "Context")];
  const salt = hash(
    `${field(text, "Persona", ["Term", "Themes"])}|${field(text, "Query style", ["Query length"])}|${field(text, "Query length", ["Context", "Contexts"])}`,
  );
  const picked = block.map((context, k) => {
    const sentences = splitSentences(context).filter((s) => s.length > 3);
    return sentences.length === 0 ? context.trim() : sentences[(salt + k) % sentences.length]!;
  });
  const quote = picked.map((s) => s.replace(/[.。!?！？]+$/u, "")).join(chinese ? "；" : "; ");
  // No quotation marks: xgrammar's test vocabulary writes none, and a reply it cannot write is no realistic reply.
  const query = chinese ? `关于${quote}，具体是怎么说的？` : `What exactly is stated about ${quote}?`;
  return { query, reference: picked.join(" ") };
};

const testsetClosedBook: Brain = ({ user }) =>
  field(stripFormatNote(user), "Language", ["Question"]).startsWith("Chinese") ? { answer: "我不知道。" } : { answer: "I do not know." };

export const testsetBrains: Record<string, Brain> = {
  testset_extract: testsetExtract,
  testset_summary: testsetSummary,
  testset_personas: testsetPersonas,
  testset_query: testsetQuery,
  testset_closed_book: testsetClosedBook,
};
