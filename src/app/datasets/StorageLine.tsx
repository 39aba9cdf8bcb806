import { useEffect, useState } from "react";
import { type StorageEstimate, storageEstimate, storagePersisted } from "../../storage/db/quota";
import { type Formats, useFormats } from "../shared/i18n/format";
import { type DatasetsMessages, useDatasetsT } from "./messages";
import { useDatasets } from "./store";
import { useApp } from "../shared/store";

/**
 * How much this site stores and whether the browser promised to keep it (navigator.storage).
 * Reread whenever the list of datasets changes, so an import shows its cost at once.
 */
export function StorageLine() {
  const t = useDatasetsT();
  // Chinese sentences follow each other with no space after the full stop.
  const lang = useApp((s) => s.lang);
  const fmt = useFormats();
  const bytes = (n: number) => formatBytes(n, t, fmt);
  const datasets = useDatasets((s) => s.datasets);
  const [state, setState] = useState<{ estimate: StorageEstimate | undefined; persisted: boolean } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: datasets is the trigger to measure again
  useEffect(() => {
    let stale = false;
    void Promise.all([storageEstimate(), storagePersisted()]).then(([estimate, persisted]) => !stale && setState({ estimate, persisted }));
    return () => {
      stale = true;
    };
  }, [datasets]);
  if (!state) return null;
  return (
    <p className="field-hint ds-storage" data-testid="storage-line">
      {state.estimate ? t.storageUsed(bytes(state.estimate.usage), bytes(state.estimate.quota)) : t.storageUnknown}
      {lang === "zh" ? "" : " "}
      {state.persisted ? t.storagePersisted : t.storageBestEffort}
    </p>
  );
}

/** Bytes in decimal units, the number through Intl in the UI language ("1.2 MB"). */
function formatBytes(bytes: number, t: Pick<DatasetsMessages, "bytes">, fmt: Formats): string {
  const units = ["B", "kB", "MB", "GB", "TB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const rounded = unit === 0 ? value : Number(value.toFixed(value < 10 ? 1 : 0));
  return t.bytes[units[unit]!](fmt.number(rounded));
}
