import type { DraftIssue } from "../logic/draft";
import { monaco } from "./monaco";
import type { MonacoModel } from "./models";

const OWNER = "prompt-studio";

/**
 * The draft's problems as editor markers (squiggles + hover + F8), one owner for all of them so
 * each update replaces the last. A problem without a position (a variable the template never
 * uses) marks the first line, where the eye starts.
 */
export function setIssueMarkers(model: MonacoModel, issues: readonly DraftIssue[]): void {
  const text = model.getValue();
  const markers = issues.map((issue) => {
    const severity = issue.severity === "error" ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning;
    if (issue.start === undefined || issue.end === undefined) {
      return { severity, message: issue.message, startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: model.getLineMaxColumn(1) };
    }
    const start = Math.min(issue.start, text.length);
    // An empty range (e.g. "the text ends here") still needs one visible character.
    const end = Math.max(Math.min(issue.end, text.length), Math.min(start + 1, text.length));
    const from = model.getPositionAt(start);
    const to = model.getPositionAt(end === start ? start : end);
    return {
      severity,
      message: issue.message,
      startLineNumber: from.lineNumber,
      startColumn: from.column,
      endLineNumber: to.lineNumber,
      endColumn: Math.max(to.column, from.column + (end === start ? 1 : 0)),
    };
  });
  monaco.editor.setModelMarkers(model, OWNER, markers);
}
