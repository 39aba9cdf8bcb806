import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import type { DatasetRow } from "../../storage/db/datasets";
import { useScrollHint } from "../shared/ui/ScrollHint";
import { LongText } from "../shared/ui/LongText";
import { useDatasetsT } from "./messages";

const ROW_HEIGHT = 40;

interface Props {
  rows: readonly DatasetRow[];
  /** 1-based number of each row in the whole dataset (by position), so search results keep their numbers. */
  numberOf(position: number): number;
  selected: number | "new" | null;
  onOpen(position: number): void;
}

/**
 * The dataset as a virtualised table: only the rows in view (plus a few) are in the DOM, so
 * 10,000 rows scroll as smoothly as 10. Rows have one fixed height (text is clipped to a line;
 * the editor shows all of it), which keeps scrolling free of layout measurement.
 */
export function DatasetTable({ rows, numberOf, selected, onOpen }: Props) {
  const t = useDatasetsT();
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => rows[index]!.position,
  });
  useScrollHint(scroller);
  return (
    <div className="scroll-hint">
      <div className="ds-scroll" ref={scroller} data-testid="dataset-scroll">
        <table className="ds-table" aria-label={t.names.rows} aria-rowcount={rows.length + 1}>
          <thead>
            <tr className="ds-row ds-head">
              <th>{t.head.n}</th>
              <th>{t.head.id}</th>
              <th>{t.head.question}</th>
              <th>{t.head.answer}</th>
              <th>{t.head.contexts}</th>
              <th>{t.head.reference}</th>
            </tr>
          </thead>
          <tbody style={{ height: virtual.getTotalSize() }}>
            {virtual.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              const n = numberOf(row.position);
              const s = row.sample;
              return (
                <tr
                  key={item.key}
                  aria-rowindex={item.index + 2}
                  aria-selected={selected === row.position}
                  className={`ds-row${selected === row.position ? " ds-row-selected" : ""}`}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  <td>
                    <button type="button" className="ds-open" aria-label={t.editRowName(n)} onClick={() => onOpen(row.position)}>
                      {n}
                    </button>
                  </td>
                  <td title={s.id.length > 300 ? undefined : s.id}>{clip(s.id)}</td>
                  <td>{clip(s.question)}</td>
                  <td>{clip(s.answer)}</td>
                  <td>
                    <span className="ds-count">{s.contexts.length}</span> {clip(s.contexts[0] ?? "")}
                  </td>
                  <td>{clip(s.reference ?? "")}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One line of a long text is all a row shows; cutting here keeps huge cells out of the DOM. */
function clip(text: string) {
  return <LongText text={text} max={160} oneLine />;
}
