import { z } from "zod";
import type { JudgeOutputSpec } from "../ports";
import type { PromptDef } from "../prompts/types";
import { arrayOf, integerIn, object, TEXT } from "../metrics/shared/schema";

/**
 * The knowledge-graph prompts of test-set generation: ONE call per chunk for themes, entities and
 * a quality score (ragas spends three: node filter, themes, NER), one summary per document, and
 * one call for all personas. Written in our own words; every reply schema states every bound its
 * validator checks (contract 8). The language of every reply is an input, so a Chinese corpus is
 * described in Chinese.
 */

// Not trimmed: a reply valid under the schema sent (minLength 1) is used as it is; blank text is dropped later.
const text = z.string().min(1);
const MAX_THEMES = 5;
const MAX_ENTITIES = 10;
const quality = z.preprocess((v) => (typeof v === "string" && /^\s*[1-5]\s*$/.test(v) ? Number(v) : v), z.union([1, 2, 3, 4, 5].map((n) => z.literal(n))));

const extractOutput = z.object({ themes: z.array(text).max(MAX_THEMES), entities: z.array(text).max(MAX_ENTITIES), quality });
export type ChunkFacts = z.infer<typeof extractOutput>;

export const extractPrompt: PromptDef<ChunkFacts> = {
  id: "testset.extract",
  metric: "testset",
  version: 1,
  title: "Test set: themes, entities and quality of a chunk",
  instruction: [
    "You read one passage of a document that questions will be written about.",
    `themes: up to ${MAX_THEMES} main topics of the passage, each a short phrase.`,
    `entities: up to ${MAX_ENTITIES} named things it mentions (people, organisations, places, products, laws, terms), written as in the passage.`,
    "quality: how well the passage could support a factual question, from 1 (boilerplate, navigation, a table of contents, too little information) to 5 (clear, self-contained, rich in facts).",
    "Write themes in the language named in the input; keep entities as the passage spells them.",
  ].join(" "),
  inputTemplate: "Language: {{language}}\nPassage:\n{{text}}",
  variables: ["language", "text"],
  examples: [
    {
      input: {
        language: "English",
        text: "The Hubble Space Telescope was launched in 1990 aboard the shuttle Discovery. Its mirror flaw was corrected in 1993.",
      },
      output: { themes: ["space telescope history", "optical repair"], entities: ["Hubble Space Telescope", "Discovery"], quality: 5 },
    },
    {
      input: { language: "Chinese (简体中文)", text: "都江堰由李冰父子于公元前256年主持修建，至今仍在灌溉成都平原。" },
      output: { themes: ["古代水利工程", "农业灌溉"], entities: ["都江堰", "李冰", "成都平原"], quality: 5 },
    },
    { input: { language: "English", text: "Home | About | Contact | Next page" }, output: { themes: [], entities: [], quality: 1 } },
  ],
  output: {
    name: "testset_extract",
    jsonSchema: object(
      { themes: arrayOf(TEXT, { max: MAX_THEMES }), entities: arrayOf(TEXT, { max: MAX_ENTITIES }), quality: integerIn(1, 5) },
      "testset_extract",
    ),
    schema: extractOutput,
  },
};

const summaryOutput = z.object({ summary: text });
export type SummaryOutput = z.infer<typeof summaryOutput>;

export const summaryPrompt: PromptDef<SummaryOutput> = {
  id: "testset.summary",
  metric: "testset",
  version: 1,
  title: "Test set: summary of a document",
  instruction:
    "Summarise the document in at most five sentences: what it is about, for whom, and its main facts. Write the summary in the language named in the input.",
  inputTemplate: "Language: {{language}}\nDocument:\n{{text}}",
  variables: ["language", "text"],
  examples: [
    {
      input: {
        language: "English",
        text: "Returns policy. Items may be returned within 30 days with a receipt. Refunds go to the original card within 5 working days.",
      },
      output: { summary: "A shop's returns policy for customers: returns within 30 days with a receipt, refunded to the original card within 5 working days." },
    },
    {
      input: { language: "Chinese (简体中文)", text: "员工手册：每年享有15天带薪年假，病假需提供医院证明。" },
      output: { summary: "面向员工的手册，规定每年15天带薪年假，病假须提供医院证明。" },
    },
  ],
  output: { name: "testset_summary", jsonSchema: object({ summary: TEXT }, "testset_summary"), schema: summaryOutput },
};

const personaItem = z.object({ name: text, role_description: text });
export type PersonaItem = z.infer<typeof personaItem>;

/** Exactly `count` personas (minItems = maxItems), or any number for the studio's view. */
export function personasOutputFor(count?: number): JudgeOutputSpec<{ personas: PersonaItem[] }> {
  const list = count === undefined ? z.array(personaItem) : z.array(personaItem).length(count);
  return {
    name: "testset_personas",
    jsonSchema: object(
      { personas: arrayOf(object({ name: TEXT, role_description: TEXT }), count === undefined ? {} : { exactly: count }) },
      "testset_personas",
    ),
    schema: z.object({ personas: list }),
  };
}

export const personasPrompt: PromptDef<{ personas: PersonaItem[] }> = {
  id: "testset.personas",
  metric: "testset",
  version: 1,
  title: "Test set: personas who would ask about these documents",
  instruction: [
    "From the summaries of a collection of documents, describe the given number of different people who would search these documents.",
    "Each has a short name (a role, not a real person's name) and one sentence saying who they are and what they want to find out.",
    "Make them differ in expertise and goals. Write in the language named in the input.",
  ].join(" "),
  inputTemplate: "Language: {{language}}\nNumber of personas: {{count}}\nSummaries:\n{{summaries}}",
  variables: ["language", "count", "summaries"],
  examples: [
    {
      input: { language: "English", count: "2", summaries: "[1] A shop's returns policy.\n[2] Warranty terms for kitchen appliances." },
      output: {
        personas: [
          { name: "Online shopper", role_description: "A customer who bought a blender and wants to know how to return it." },
          { name: "Support agent", role_description: "A call-centre employee who answers warranty questions precisely." },
        ],
      },
    },
    {
      input: { language: "Chinese (简体中文)", count: "1", summaries: "[1] 员工手册中的休假制度。" },
      output: { personas: [{ name: "新入职员工", role_description: "刚加入公司、想了解年假和病假规定的员工。" }] },
    },
  ],
  output: personasOutputFor(),
  outputForInput: (input) => personasOutputFor(Number(input.count) || undefined),
};
