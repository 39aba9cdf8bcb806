import { type FileIssue, formatIssue } from "../../../storage/format/samples-types";
import { mapSamples, type RawTable, readTable } from "./format-api";
import { type FromWorker, PREVIEW_ROWS, type ToWorker } from "./protocol";

/**
 * The import worker's logic, apart from the Worker global so it runs in unit tests: "read" parses
 * the file and keeps the table here (10,000 rows need not cross to the page twice); "map" turns
 * it into samples with a mapping and returns the validation result.
 */
export function createImportSession(post: (message: FromWorker) => void): (message: ToWorker) => Promise<void> {
  let table: RawTable | undefined;
  return async (message) => {
    try {
      if (message.type === "read") {
        table = await readTable({ name: message.name, bytes: message.bytes }, { onProgress: (fraction) => post({ type: "progress", fraction }) });
        const { file, kind, columns, rows, rowNumbers, rowErrors } = table;
        const info = { file, kind, columns, rowCount: rows.length + (rowErrors?.length ?? 0), preview: rows.slice(0, PREVIEW_ROWS) };
        post({ type: "table", table: rowNumbers ? { ...info, previewRows: rowNumbers.slice(0, PREVIEW_ROWS) } : info });
      } else {
        if (!table) throw new Error("no file has been read yet");
        // No answer column: a test set, its answers filled later by "Ask your system" (issue 29).
        const answerOptional = message.mapping.answer === undefined;
        post({ type: "mapped", requestId: message.requestId, result: mapSamples(table, message.mapping, { answerOptional }) });
      }
    } catch (error) {
      const issues = issuesOf(error);
      post({ type: "failed", message: issues.length > 0 ? formatIssue(issues[0]!) : error instanceof Error ? error.message : String(error), issues });
    }
  };
}

function issuesOf(error: unknown): FileIssue[] {
  const issues = (error as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues as FileIssue[]) : [];
}
