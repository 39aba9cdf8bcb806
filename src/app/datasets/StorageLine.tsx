import { useEffect, useState } from "react";
import { type StorageEstimate, storageEstimate, storagePersisted } from "../../storage/db/quota";
import { useDatasetsT } from "./messages";
import { useDatasets } from "./store";

/**
 * How much this site stores and whether the browser promised to keep it (navigator.storage).
 * Reread whenever the list of datasets changes, so an import shows its cost at once.
 */
export function StorageLine() {
  const t = useDatasetsT();
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
      {state.estimate ? t.storageUsed(formatBytes(state.estimate.usage), formatBytes(state.estimate.quota)) : t.storageUnknown}{" "}
      {state.persisted ? t.storagePersisted : t.storageBestEffort}
    </p>
  );
}

function formatBytes(bytes: number): string {
  const units = ["B", "kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
