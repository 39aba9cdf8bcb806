import type { Sample } from "../../engine/sample";
import { writeCsv } from "../../storage/format/csv";
import { guardCell } from "../../storage/format/formula-guard";

/**
 * Dataset files out, in the shapes the importers (ours, the CLI's, pandas') read back:
 * CSV with a header and contexts as a JSON list cell (`pd.read_csv` then `json.loads`), and
 * JSON Lines with one sample per line. CSV cells that a spreadsheet would run as a formula are
 * guarded with an apostrophe and a word joiner (formula-guard.ts), as the report CSV is; our
 * importers take exactly that off again, and leave a hand-written apostrophe alone.
 */
const EXPORT_COLUMNS = ["id", "question", "answer", "contexts", "reference"] as const;

export function datasetToCsv(samples: readonly Sample[]): string {
  return writeCsv([EXPORT_COLUMNS, ...samples.map((s) => [s.id, s.question, s.answer, JSON.stringify(s.contexts), s.reference ?? ""].map(guardCell))]);
}

export function datasetToJsonl(samples: readonly Sample[]): string {
  return (
    samples
      .map((s) =>
        JSON.stringify({
          id: s.id,
          question: s.question,
          answer: s.answer,
          contexts: s.contexts,
          ...(s.reference === undefined ? {} : { reference: s.reference }),
          // A conversation's fields (contract 16), under names the importer reads back.
          ...(s.messages === undefined ? {} : { messages: s.messages }),
          ...(s.referenceToolCalls === undefined ? {} : { referenceToolCalls: s.referenceToolCalls }),
          ...(s.referenceTopics === undefined ? {} : { referenceTopics: s.referenceTopics }),
        }),
      )
      .join("\n") + (samples.length > 0 ? "\n" : "")
  );
}

/** "My set: v2" -> "My-set-v2" (a file name every OS accepts). */
export function exportFileName(name: string, ext: "csv" | "jsonl" | "parquet"): string {
  const safe = name.replace(/[\\/:*?"<>|\s]+/g, "-").replace(/^-+|-+$/g, "") || "dataset";
  return `${safe}.${ext}`;
}
