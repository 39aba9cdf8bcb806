import { useVirtualizer } from "@tanstack/react-virtual";
import { type CSSProperties, type ReactNode, useRef } from "react";
import { useScrollHint } from "../ui/ScrollHint";

const ROW_HEIGHT = 36;

/**
 * A table that mounts only the rows in view (plus a few), so 10,000 samples stay a few dozen DOM
 * rows. A real <table> (header cells, row indexes for screen readers); the rows are positioned
 * inside a body as tall as all rows together, and the header sticks while the body scrolls.
 */
export function VirtualTable({
  label,
  head,
  count,
  renderRow,
  columns,
  minWidth,
  empty,
}: {
  label: string;
  head: ReactNode;
  count: number;
  renderRow: (index: number) => ReactNode;
  columns: CSSProperties;
  /** The narrowest the columns can be (CSS length): a narrower window scrolls the table sideways. */
  minWidth?: string;
  empty?: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  useScrollHint(scroller);
  return (
    <div className="scroll-hint">
      <div ref={scroller} className="vrows">
        <table className="vtable" aria-label={label} aria-rowcount={count + 1} style={minWidth ? { minWidth } : undefined}>
          <thead>
            <tr className="vrow vrow-head" aria-rowindex={1} style={columns}>
              {head}
            </tr>
          </thead>
          <tbody className="vrows-space" style={{ height: virtual.getTotalSize() }}>
            {virtual.getVirtualItems().map((item) => (
              <tr
                key={item.key}
                className="vrow"
                aria-rowindex={item.index + 2}
                style={{ ...columns, transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                {renderRow(item.index)}
              </tr>
            ))}
          </tbody>
        </table>
        {count === 0 ? empty : null}
      </div>
    </div>
  );
}
