import { type ColumnMapping, parseListCell } from "./import/format-api";
import type { TableInfo } from "./import/protocol";
import { ScrollX } from "../shared/ui/ScrollHint";
import { LongText } from "../shared/ui/LongText";
import { useDatasetsT } from "./messages";

/** A cell as text: strings as they are, anything else (numbers, parquet lists) as JSON. */
function cellText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The first rows as the import will read them; contexts as the list they became, and how the cell was read. */
export function PreviewTable({ table, mapping }: { table: TableInfo; mapping: ColumnMapping }) {
  const t = useDatasetsT();
  return (
    <div className="ds-preview">
      <h4>{t.previewTitle}</h4>
      <ScrollX>
        <table aria-label={t.names.preview}>
          <thead>
            <tr>
              <th>{t.reportHead.row}</th>
              <th>{t.fields.id}</th>
              <th>{t.fields.question}</th>
              <th>{t.fields.answer}</th>
              <th>{t.fields.contexts}</th>
              <th>{t.fields.reference}</th>
            </tr>
          </thead>
          <tbody>
            {table.preview.map((row, i) => {
              const pick = (field: keyof ColumnMapping) => (mapping[field] === undefined ? undefined : row[mapping[field]!]);
              const raw = pick("contexts");
              const list = raw === undefined || raw === "" ? undefined : parseListCell(raw);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place
                <tr key={i}>
                  <td>{table.previewRows?.[i] ?? i + 1}</td>
                  <td>
                    <LongText text={cellText(pick("id"))} />
                  </td>
                  <td>
                    <LongText text={cellText(pick("question"))} />
                  </td>
                  <td>
                    <LongText text={cellText(pick("answer"))} />
                  </td>
                  <td>
                    {list === undefined ? (
                      <span className="field-hint">{t.contextCount(0)}</span>
                    ) : list.ok ? (
                      <>
                        <span className="ds-list-as" data-testid="contexts-as">
                          {t.contextCount(list.items.length)} · {t.contextsAs[list.as]}
                        </span>
                        <ol className="ds-context-list">
                          {list.items.map((item, k) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: a context's place is its identity
                            <li key={k}>
                              <LongText text={item} />
                            </li>
                          ))}
                        </ol>
                      </>
                    ) : (
                      <span className="ds-error">{list.message}</span>
                    )}
                  </td>
                  <td>
                    <LongText text={cellText(pick("reference"))} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollX>
    </div>
  );
}
