import { useEffect, useRef, useState } from "react";
import { histogram } from "./stats";
import { useExplorerT } from "./messages";

type UPlotClass = typeof import("uplot");
let loading: Promise<UPlotClass> | undefined;

/** uPlot and its stylesheet, fetched the first time a histogram is drawn (kept out of the main bundle). */
export function loadUPlot(): Promise<UPlotClass> {
  loading ??= Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([m]) => {
    // The ESM build's default export is the class; the typings describe it as `export =`.
    const mod = m as unknown as { default?: UPlotClass };
    return mod.default ?? (m as unknown as UPlotClass);
  });
  return loading;
}

const BINS = 10;

/** Scores of one metric in ten bins over [0, 1]; the counts are also in the text for screen readers. */
export function Histogram({ metric, scores }: { metric: string; scores: readonly number[] }) {
  const t = useExplorerT();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { starts, counts } = histogram(scores, BINS);
  const key = counts.join(",");

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    loadUPlot()
      .then((UPlot) => {
        if (cancelled || !box.current) return;
        const centres = Array.from({ length: BINS }, (_, i) => (i + 0.5) / BINS);
        const binCounts = key.split(",").map(Number);
        chart = new UPlot(
          {
            width: 200,
            height: 104,
            legend: { show: false },
            cursor: { show: false },
            scales: { x: { time: false, range: [0, 1] }, y: { range: (_u: unknown, _min: number, max: number) => [0, Math.max(1, max)] } },
            axes: [
              // Room below the plot for the tick labels (22 px cut them off in the summary cards).
              { size: 34, gap: 3, ticks: { size: 4 }, space: 40, values: (_u: unknown, ticks: number[]) => ticks.map((v) => v.toFixed(1)) },
              { size: 30, gap: 3, ticks: { size: 4 }, space: 20 },
            ],
            series: [
              {},
              { fill: "rgba(45, 79, 184, 0.45)", stroke: "#2d4fb8", width: 1, paths: UPlot.paths.bars!({ size: [0.9, 100] }), points: { show: false } },
            ],
          },
          [centres, binCounts],
          box.current,
        );
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
    // Redrawn when the counts (their text key) change, not on every render.
  }, [key]);

  const label = t.histogramOf(metric);
  return (
    <figure className="histogram" aria-label={label}>
      <div ref={box} className="histogram-chart" data-testid={`histogram-${metric}`} aria-hidden="true" />
      {failed ? <p className="muted">{t.chartFailed}</p> : null}
      <figcaption className="visually-hidden">
        {counts.map((n, i) => t.binLabel(starts[i]!.toFixed(1), (starts[i]! + 1 / BINS).toFixed(1), n)).join("; ")}
      </figcaption>
    </figure>
  );
}
