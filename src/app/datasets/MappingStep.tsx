import { type ColumnMapping, type MappedSamples, sharedFields } from "./import/format-api";
import { useFormats } from "../shared/i18n/format";
import type { TableInfo } from "./import/protocol";
import { useDatasetsT } from "./messages";
import { PreviewTable } from "./PreviewTable";
import { ValidationReport } from "./ValidationReport";
import { useEnglishName } from "../shared/i18n/accessible-name";

const MAPPED_FIELDS = ["question", "answer", "contexts", "reference", "id", "retrievedContextIds", "referenceContextIds", "referenceContextGrades"] as const;

interface Props {
  table: TableInfo;
  mapping: ColumnMapping;
  name: string;
  result: MappedSamples | null;
  saving: boolean;
  /** The name of the dataset a by-name import stored, which importing from here replaces. */
  replaces?: string;
  onMapping(mapping: ColumnMapping): void;
  onName(name: string): void;
  onImport(validOnly: boolean): void;
  onCancel(): void;
}

/** After a file is read: which column is which field, the first rows as parsed, and what is wrong. */
export function MappingStep({ table, mapping, name, result, saving, replaces, onMapping, onName, onImport, onCancel }: Props) {
  const named = useEnglishName();
  const t = useDatasetsT();
  const fmt = useFormats();
  const hasErrors = (result?.errors.length ?? 0) > 0;
  return (
    <section className="ds-mapping" aria-label={t.names.mapping}>
      <h3>{t.mappingTitle(table.file, table.rowCount)}</h3>
      <p className="field-hint">{t.columnsFound(fmt.list(table.columns))}</p>
      <p className="field-hint" data-testid="row-numbering">
        {t.rowNumbering(table.kind === "csv")}
      </p>
      {replaces !== undefined ? <p className="note">{t.replacesNote(replaces)}</p> : null}
      {sharedFields(table.columns, mapping).map(({ field, used, others }) => (
        <p key={field} className="note note-warn" data-testid="shared-field">
          {t.sharedField(t.fields[field].toLowerCase(), `“${used}”`, fmt.list(others.map((c) => `“${c}”`)))}
        </p>
      ))}
      <div className="ds-mapping-grid">
        <label className="ds-name">
          {t.datasetName}
          <input aria-label={named("Dataset name")} value={name} onChange={(e) => onName(e.target.value)} />
        </label>
        {MAPPED_FIELDS.map((field) => (
          <label key={field}>
            {t.columnFor(t.fields[field])}
            <select
              aria-label={named(`Column for ${field}`)}
              value={mapping[field] ?? ""}
              onChange={(e) => onMapping({ ...mapping, [field]: e.target.value === "" ? undefined : e.target.value })}
            >
              <option value="">{t.notMapped}</option>
              {table.columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <PreviewTable table={table} mapping={mapping} />
      <ValidationReport result={result} rowCount={table.rowCount} />
      <div className="ds-actions">
        <button type="button" className="btn btn-primary" disabled={!result || hasErrors || saving} onClick={() => onImport(false)}>
          {saving ? t.saving : t.importAll}
        </button>
        {hasErrors ? (
          <button type="button" className="btn" disabled={!result || result.valid.samples.length === 0 || saving} onClick={() => onImport(true)}>
            {t.importValid}
          </button>
        ) : null}
        <button type="button" className="btn btn-quiet" aria-label={named("Cancel import")} disabled={saving} onClick={onCancel}>
          {t.cancelImport}
        </button>
      </div>
    </section>
  );
}
