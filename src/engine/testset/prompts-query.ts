import { z } from "zod";
import type { PromptDef } from "../prompts/types";
import { object, TEXT } from "../metrics/shared/schema";

/**
 * The prompts that write a question and its reference answer (one call per candidate), and the
 * closed-book probe of the leakage check. A reference is written from the contexts alone, so the
 * grounded check can hold it to them.
 */

// Not trimmed: a reply valid under the schema sent (minLength 1) is used as it is; blank text is rejected later.
const text = z.string().min(1);
const queryOutput = z.object({ query: text, reference: text });
export type QueryOutput = z.infer<typeof queryOutput>;

const QUERY_OUTPUT = { name: "testset_query", jsonSchema: object({ query: TEXT, reference: TEXT }, "testset_query"), schema: queryOutput };

const RULES = [
  "The question must stand alone: a reader who never saw the context understands it, so never write 'according to the text', 'in this document', 'the passage' or the like; name things instead.",
  "Write the question in the given style and length. The reference answers it completely using only facts stated in the context, in one to three sentences.",
  "Write both in the language named in the input, whatever the language of the context.",
].join(" ");

export const singleHopPrompt: PromptDef<QueryOutput> = {
  id: "testset.single_hop",
  metric: "testset",
  version: 1,
  title: "Test set: single-hop question about one passage",
  instruction: `Write one question that the given persona would ask, about the given term, answerable from the context alone, and its reference answer. ${RULES}`,
  inputTemplate: "Language: {{language}}\nPersona: {{persona}}\nTerm: {{term}}\nQuery style: {{style}}\nQuery length: {{length}}\nContext:\n{{context}}",
  variables: ["language", "persona", "term", "style", "length", "context"],
  examples: [
    {
      input: {
        language: "English",
        persona: "Amateur astronomer: wants the history of famous instruments.",
        term: "Hubble Space Telescope",
        style: "web search like",
        length: "short",
        context: "The Hubble Space Telescope was launched in 1990 aboard the shuttle Discovery.",
      },
      output: { query: "hubble telescope launch year shuttle", reference: "The Hubble Space Telescope was launched in 1990 aboard the shuttle Discovery." },
    },
    {
      input: {
        language: "Chinese (简体中文)",
        persona: "历史爱好者：想了解古代工程。",
        term: "都江堰",
        style: "perfect grammar",
        length: "medium",
        context: "都江堰由李冰父子于公元前256年主持修建，至今仍在灌溉成都平原。",
      },
      output: { query: "都江堰是由谁在什么时候主持修建的？", reference: "都江堰由李冰父子于公元前256年主持修建。" },
    },
  ],
  output: QUERY_OUTPUT,
};

export const multiHopPrompt: PromptDef<QueryOutput> = {
  id: "testset.multi_hop",
  metric: "testset",
  version: 1,
  title: "Test set: multi-hop question across passages",
  instruction: `Write one question that the given persona would ask, whose answer needs facts from at least two of the numbered contexts together, touching the given themes, and its reference answer. ${RULES}`,
  inputTemplate: "Language: {{language}}\nPersona: {{persona}}\nThemes: {{themes}}\nQuery style: {{style}}\nQuery length: {{length}}\nContexts:\n{{contexts}}",
  variables: ["language", "persona", "themes", "style", "length", "contexts"],
  examples: [
    {
      input: {
        language: "English",
        persona: "Travel planner: compares destinations for clients.",
        themes: "rivers, length",
        style: "perfect grammar",
        length: "medium",
        contexts: "[1] The Danube is about 2,850 km long.\n[2] The Rhine is about 1,230 km long.",
      },
      output: {
        query: "How much longer is the Danube than the Rhine?",
        reference: "The Danube is about 2,850 km long and the Rhine about 1,230 km, so the Danube is about 1,620 km longer.",
      },
    },
    {
      input: {
        language: "Chinese (简体中文)",
        persona: "人事专员：负责解释公司制度。",
        themes: "休假, 年假",
        style: "poor grammar",
        length: "short",
        contexts: "[1] 员工每年享有15天带薪年假。\n[2] 未休完的年假可顺延至次年三月。",
      },
      output: { query: "年假一年几天没休完能留到啥时候", reference: "员工每年有15天带薪年假，未休完的可顺延至次年三月。" },
    },
  ],
  output: QUERY_OUTPUT,
};

export const quickPrompt: PromptDef<QueryOutput> = {
  id: "testset.quick",
  metric: "testset",
  version: 1,
  title: "Test set: quick question from one or two passages",
  instruction: `Write one question a user of these documents would ask, answerable from the numbered contexts (when there are two, use both), and its reference answer. ${RULES}`,
  inputTemplate: "Language: {{language}}\nQuery style: {{style}}\nQuery length: {{length}}\nContexts:\n{{contexts}}",
  variables: ["language", "style", "length", "contexts"],
  examples: [
    {
      input: { language: "English", style: "misspelled", length: "short", contexts: "[1] Refunds go to the original card within 5 working days." },
      output: { query: "how long do refunds tak to reach my card?", reference: "Refunds go to the original card within 5 working days." },
    },
    {
      input: { language: "Chinese (简体中文)", style: "perfect grammar", length: "short", contexts: "[1] 病假需提供医院证明。" },
      output: { query: "请病假需要提供什么材料？", reference: "请病假需要提供医院证明。" },
    },
  ],
  output: QUERY_OUTPUT,
};

const closedBookOutput = z.object({ answer: text });

/** The leakage probe: the question alone, no context; the answer is then checked against the reference. */
export const closedBookPrompt: PromptDef<{ answer: string }> = {
  id: "testset.closed_book",
  metric: "testset",
  version: 1,
  title: "Test set: answer without the documents (leakage probe)",
  instruction:
    "Answer the question from your own knowledge, without any document, in one or two sentences. If you do not know, or it depends on a document you have not seen, say that you do not know. Write in the language named in the input.",
  inputTemplate: "Language: {{language}}\nQuestion: {{question}}",
  variables: ["language", "question"],
  examples: [
    { input: { language: "English", question: "What is the boiling point of water at sea level in Celsius?" }, output: { answer: "100 degrees Celsius." } },
    { input: { language: "Chinese (简体中文)", question: "本公司员工每年有几天带薪年假？" }, output: { answer: "我不知道，这取决于贵公司的制度。" } },
  ],
  output: { name: "testset_closed_book", jsonSchema: object({ answer: TEXT }, "testset_closed_book"), schema: closedBookOutput },
};
