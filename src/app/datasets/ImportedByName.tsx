import { useFormats } from "../shared/i18n/format";
import type { ColumnMapping } from "./import/format-api";
import { useDatasetsT } from "./messages";
import { useEnglishName } from "../shared/i18n/accessible-name";

interface Props {
  columns: readonly string[];
  mapping: ColumnMapping;
  onReview(): void;
}

/** After a by-name import (issue 19): which column became which field, and the mapping step one click away. */
export function ImportedByName({ columns, mapping, onReview }: Props) {
  const named = useEnglishName();
  const t = useDatasetsT();
  const fmt = useFormats();
  const fieldOf = (column: string) => (Object.keys(mapping) as (keyof ColumnMapping)[]).find((field) => mapping[field] === column);
  const pairs = columns.map((column) => {
    const field = fieldOf(column);
    return field ? t.mappedAs(column, t.fields[field]) : column;
  });
  return (
    <fieldset className="note ds-by-name" aria-label={t.names.byName}>
      <span>{t.importedByName(fmt.list(pairs))}</span>{" "}
      <button type="button" className="btn btn-quiet" aria-label={named("Show preview and mapping")} onClick={onReview}>
        {t.reviewMapping}
      </button>
    </fieldset>
  );
}
