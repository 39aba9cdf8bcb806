import type { SampleField } from "../../engine/sample";

/**
 * Contract 2's column names, in one table: which file column holds each field. Our names first,
 * then ragas' (v2, then v1 and older). The CLI, the import worker and the agreement loader all
 * guess their columns here, so a name accepted by one is accepted by all.
 */
export const SAMPLE_COLUMNS = {
  id: ["id"],
  question: ["question", "user_input"],
  answer: ["answer", "response"],
  contexts: ["contexts", "retrieved_contexts"],
  reference: ["reference", "ground_truth", "ground_truths"],
  // Contract 15: our names as normalizeColumnName spells them (contextIds as `answer` writes it, contract 13), then ragas'.
  retrievedContextIds: ["retrievedcontextids", "contextids", "retrieved_context_ids"],
  referenceContextIds: ["referencecontextids", "reference_context_ids"],
  referenceContextGrades: ["referencecontextgrades", "reference_context_grades"],
} as const satisfies Record<SampleField, readonly string[]>;

/**
 * Contract 16's conversation fields: read as turns and calls (conversation-cells.ts), not text, so
 * they are found by name and are not part of the user's column mapping.
 */
export const CONVERSATION_COLUMNS = {
  messages: ["messages", "conversation"],
  referenceToolCalls: ["reference_tool_calls", "referencetoolcalls"],
  referenceTopics: ["reference_topics", "referencetopics"],
} as const;

/** Which column of the file holds each sample field (exact column names as in RawTable.columns). */
export type ColumnMapping = Partial<Record<SampleField, string>>;

/** ragas before 0.1 wrote the reference as a list of strings under this name. */
export const LIST_REFERENCE_COLUMN = "ground_truths";

/**
 * WikiEval's columns for the agreement study (contract 10). Question and answer go by the sample
 * names; the ideal context may also come as a sample's contexts, so data scored as samples can be
 * checked for agreement as it is.
 */
export const AGREEMENT_COLUMNS = {
  id: SAMPLE_COLUMNS.id,
  question: SAMPLE_COLUMNS.question,
  answer: SAMPLE_COLUMNS.answer,
  context_v1: ["context_v1", ...SAMPLE_COLUMNS.contexts],
  ungrounded_answer: ["ungrounded_answer"],
  poor_answer: ["poor_answer"],
  context_v2: ["context_v2"],
  source: ["source"],
} as const satisfies Record<string, readonly string[]>;

export type AgreementField = keyof typeof AGREEMENT_COLUMNS;

/** Header names are matched loosely ("Question", " user input ") because spreadsheets invite capitals and spaces. */
export function normalizeColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** For each field, the first of its names that the file has (matched loosely), as the file spells it. */
export function guessColumns<F extends string>(columns: readonly string[], names: Readonly<Record<F, readonly string[]>>): Partial<Record<F, string>> {
  const byNorm = new Map<string, string>();
  for (const column of columns) if (!byNorm.has(normalizeColumnName(column))) byNorm.set(normalizeColumnName(column), column);
  const found: Partial<Record<F, string>> = {};
  for (const field of Object.keys(names) as F[]) {
    const alias = names[field].find((a) => byNorm.has(a));
    if (alias !== undefined) found[field] = byNorm.get(alias)!;
  }
  return found;
}

export function guessMapping(columns: readonly string[]): ColumnMapping {
  return guessColumns(columns, SAMPLE_COLUMNS);
}

/** A field that two or more of the file's columns name (`question` and `user_input`): the one used, and the others. */
export interface SharedField<F extends string = SampleField> {
  field: F;
  used: string;
  others: string[];
}

/**
 * Fields that more than one column names, under the mapping in force. Reading takes the mapped
 * column and falls back to another name of the field only where the mapped cell is empty
 * (mapping.ts), so the user should hear that the other column was mostly not read.
 */
export function sharedFields(columns: readonly string[], mapping: ColumnMapping): SharedField[] {
  const shared: SharedField[] = [];
  for (const field of Object.keys(SAMPLE_COLUMNS) as SampleField[]) {
    const used = mapping[field];
    const names: readonly string[] = SAMPLE_COLUMNS[field];
    if (used === undefined || !names.includes(normalizeColumnName(used))) continue;
    const others = columns.filter((c) => c !== used && names.includes(normalizeColumnName(c)));
    if (others.length > 0) shared.push({ field, used, others });
  }
  return shared;
}
