import type { AgreementRow } from "../../engine/agreement/types";
import type { PrefixedField, RowReading } from "../../storage/format/agreement-data";
import { LongText } from "../shared/ui/LongText";
import { ScrollX } from "../shared/ui/ScrollHint";
import { useAgreementT } from "./messages";

/** Rows shown: enough to check the columns and the splitting, few enough to stay a glance. */
const PREVIEW_ROWS = 5;
/** Characters of a cell shown before "… (N characters)": the rest is the data's, not the preview's. */
const CELL_CHARS = 120;

const TEXT_FIELDS = ["question", "answer", "ungrounded_answer", "poor_answer"] as const;
const LIST_FIELDS = ["context_v1", "context_v2"] as const;

/**
 * The first rows as the run will judge them (contract 2: whatever was parsed, the user can see
 * it): which cells lost WikiEval's "Question: " / "Answer: " prefix, and each context cell as
 * the list it became and how it was read. Wide, so it scrolls sideways in its own box.
 */
export function DataPreview({ rows, readings }: { rows: readonly AgreementRow[]; readings?: readonly RowReading[] | undefined }) {
  const t = useAgreementT();
  const shown = rows.slice(0, PREVIEW_ROWS);
  const count = (fields: readonly PrefixedField[]) => (readings ?? []).reduce((n, r) => n + r.stripped.filter((f) => fields.includes(f)).length, 0);
  return (
    <div className="agreement-preview">
      <h4 id="agreement-preview-title">{t.preview(shown.length, rows.length)}</h4>
      {readings ? <p className="field-hint">{t.strippedSummary(count(["question"]), count(["answer", "ungrounded_answer", "poor_answer"]))}</p> : null}
      <ScrollX>
        <table className="agreement-preview-table" aria-label={t.names.preview} aria-describedby="agreement-preview-title">
          <thead>
            <tr>
              <th>{t.previewColumns.row}</th>
              {[...TEXT_FIELDS, ...LIST_FIELDS].map((f) => (
                <th key={f}>{t.previewColumns[f]}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => {
              const reading = readings?.[i];
              return (
                <tr key={row.id} data-row={row.id}>
                  <td>{row.id}</td>
                  {TEXT_FIELDS.map((f) => (
                    <td key={f} data-field={f}>
                      {reading?.stripped.includes(f) ? (
                        <span className="agreement-stripped">{t.stripped(f === "question" ? "Question: " : "Answer: ")}</span>
                      ) : null}
                      {row[f] === undefined ? <span className="muted">{t.notGiven}</span> : <LongText text={row[f]} max={CELL_CHARS} />}
                    </td>
                  ))}
                  {LIST_FIELDS.map((f) => {
                    const list = row[f];
                    const as = reading?.listsAs[f];
                    return (
                      <td key={f} data-field={f}>
                        {list === undefined ? (
                          <span className="muted">{t.notGiven}</span>
                        ) : (
                          <>
                            <span className="agreement-list-as">
                              {t.contextCount(list.length)}
                              {as ? " · " : null}
                              {as ? t.listAs[as] : null}
                            </span>
                            <ol className="agreement-context-list">
                              {list.map((item, k) => (
                                // biome-ignore lint/suspicious/noArrayIndexKey: a context's place is its identity
                                <li key={k}>
                                  <LongText text={item} max={CELL_CHARS} />
                                </li>
                              ))}
                            </ol>
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollX>
    </div>
  );
}
