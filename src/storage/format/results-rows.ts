import type { Report } from "./report-schema";

/**
 * A report's results as the rows a ragas user works with: one row per sample under the ragas
 * column names (`user_input`, `retrieved_contexts` as a list, `response`, `reference`), then per
 * metric its score, its error code and its reason. The three result exports (CSV, JSON Lines,
 * parquet) all write these rows, so the columns are the same whichever file a user opens.
 * The metric columns come from the report itself (its config, then any metric found in its
 * results), never from a fixed list: a report holding `custom:<slug>` judges exports them too.
 */

export type ResultsCell = string | number | null | string[];
type ResultsRow = Record<string, ResultsCell>;

/** The sample columns, in the order ragas' EvaluationDataset.to_pandas() writes them (plus our id). */
const SAMPLE_COLUMNS = ["id", "user_input", "retrieved_contexts", "response", "reference"] as const;

export interface ResultsTable {
  columns: string[];
  /** Which columns hold numbers (the scores), which a list of text (the contexts); the rest are text. */
  kinds: Record<string, "text" | "number" | "list">;
  rows: ResultsRow[];
}

/** Column names of one metric: its score under its id, then `<id>_error` and `<id>_reason`. */
function metricColumns(metricId: string): [string, string, string] {
  return [metricId, `${metricId}_error`, `${metricId}_reason`];
}

/**
 * The retrieval ids (contract 15) under ragas' names, written only when some sample has them, so a
 * report without ids exports the columns it always did. Grades are JSON text (`{"d1": 2}`): a dict
 * column has no portable type across CSV, JSON Lines and parquet.
 */
const ID_COLUMNS = [
  ["retrieved_context_ids", "retrievedContextIds", "list"],
  ["reference_context_ids", "referenceContextIds", "list"],
  ["reference_context_grades", "referenceContextGrades", "text"],
] as const;

/**
 * A conversation's fields (contract 16), likewise only when some sample has them: the turns and the
 * reference calls as JSON text in our shape (`[{"role", "content", "toolCalls"}]`, `[{"name",
 * "args"}]`: json.loads in pandas, and the importers read them back), the topics as a list.
 */
const CONVERSATION_COLUMNS = [
  ["messages", "messages", "text"],
  ["reference_tool_calls", "referenceToolCalls", "text"],
  ["reference_topics", "referenceTopics", "list"],
] as const;

function idColumnsOf(report: Report): (typeof ID_COLUMNS)[number][] {
  return ID_COLUMNS.filter(([, field]) => report.samples.some((s) => s[field] !== undefined));
}

function conversationColumnsOf(report: Report): (typeof CONVERSATION_COLUMNS)[number][] {
  return CONVERSATION_COLUMNS.filter(([, field]) => report.samples.some((s) => s[field] !== undefined));
}

export function resultsTable(report: Report): ResultsTable {
  const metrics = metricIdsOf(report);
  const idColumns = idColumnsOf(report);
  const turnColumns = conversationColumnsOf(report);
  const columns: string[] = [...SAMPLE_COLUMNS, ...idColumns.map(([name]) => name), ...turnColumns.map(([name]) => name), ...metrics.flatMap(metricColumns)];
  const kinds: ResultsTable["kinds"] = {};
  for (const c of columns) kinds[c] = "text";
  kinds.retrieved_contexts = "list";
  for (const [name, , kind] of [...idColumns, ...turnColumns]) kinds[name] = kind;
  for (const m of metrics) kinds[m] = "number";
  const byId = new Map(report.results.map((r) => [r.sampleId, r]));
  const rows = report.samples.map((s): ResultsRow => {
    const result = byId.get(s.id);
    const row: ResultsRow = {
      id: s.id,
      user_input: s.question,
      retrieved_contexts: [...s.contexts],
      response: s.answer,
      reference: s.reference ?? null,
    };
    for (const [name, field] of idColumns) {
      const value = s[field];
      row[name] = value === undefined ? null : Array.isArray(value) ? [...value] : JSON.stringify(value);
    }
    for (const [name, field] of turnColumns) {
      if (field === "referenceTopics") row[name] = s.referenceTopics ? [...s.referenceTopics] : null;
      else row[name] = s[field] === undefined ? null : JSON.stringify(s[field]);
    }
    for (const m of metrics) {
      const [score, error, reason] = metricColumns(m);
      const one = result?.metrics[m];
      // A repeat-n run's score is the mean over its runs (what its summary averages); run 1 otherwise.
      const repeated = result?.stats?.[m];
      row[score] = repeated ? repeated.mean : (one?.score ?? null);
      row[error] = one?.error?.code ?? null;
      row[reason] = one?.reason ?? one?.error?.message ?? null;
    }
    return row;
  });
  return { columns, kinds, rows };
}

function metricIdsOf(report: Report): string[] {
  const ids = [...report.config.metrics];
  for (const r of report.results) for (const id of Object.keys(r.metrics)) if (!ids.includes(id)) ids.push(id);
  return ids;
}
