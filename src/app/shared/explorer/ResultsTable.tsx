import type { AnyMetricId } from "../../../engine/metrics/types";
import { useT } from "../i18n";
import { metricLabel } from "../results/labels";
import type { RowSort, SortKey } from "./filter";
import { useExplorerT } from "./messages";
import type { ExplorerRow } from "./rows";
import { ScoreCell } from "./ScoreCell";
import { VirtualTable } from "./VirtualTable";
import { useEnglishName } from "../i18n/accessible-name";

const clip = (text: string, n = 160) => (text.length > n ? `${text.slice(0, n)}…` : text);

/** The virtualised table: id, question, a score column per metric; headers sort, a row opens its traces. */
export function ResultsTable({
  rows,
  metrics,
  sort,
  onSort,
  onOpen,
}: {
  rows: readonly ExplorerRow[];
  metrics: readonly AnyMetricId[];
  sort: RowSort;
  onSort: (key: SortKey) => void;
  onOpen: (row: ExplorerRow) => void;
}) {
  const t = useExplorerT();
  const named = useEnglishName();
  const app = useT();
  const columns = { gridTemplateColumns: `minmax(6rem, 1fr) minmax(10rem, 3fr) repeat(${metrics.length}, minmax(7rem, 1fr))` };
  const header = (key: SortKey, text: string, name: string) => {
    const active = sort.key === key;
    return (
      <th key={key} scope="col" aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}>
        <button type="button" className="sort-btn" aria-label={named(`Sort by ${name}`)} onClick={() => onSort(key)}>
          {text} {active ? (sort.dir === "asc" ? "▲" : "▼") : ""}
        </button>
      </th>
    );
  };
  return (
    <VirtualTable
      label={t.names.results}
      columns={columns}
      minWidth={`${6 + 10 + 7 * metrics.length + 0.5 * (metrics.length + 2)}rem`}
      count={rows.length}
      empty={<p className="empty">{t.noRows}</p>}
      head={
        <>
          {header("id", t.id, "id")}
          <th scope="col">{t.question}</th>
          {metrics.map((m) => header(m, metricLabel(app, m), m))}
        </>
      }
      renderRow={(i) => {
        const row = rows[i]!;
        return (
          <>
            <td>
              <button type="button" className="link-btn" title={row.sample.id} aria-label={named(`Open sample ${row.sample.id}`)} onClick={() => onOpen(row)}>
                {clip(row.sample.id, 40)}
              </button>
            </td>
            <td className="cell-text" title={clip(row.sample.question, 500)}>
              {clip(row.sample.question)}
            </td>
            {metrics.map((m) => (
              <td key={m} data-metric={m}>
                <ScoreCell id={m} result={row.metrics[m]} />
              </td>
            ))}
          </>
        );
      }}
    />
  );
}
