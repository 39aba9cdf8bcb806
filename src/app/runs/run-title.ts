import type { RunMeta } from "../../storage/db/runs";
import type { Formats } from "../shared/i18n/format";

/**
 * What a run is called on screen. Runs are named after the moment they started, written in the
 * browser's locale when stored; such a name is shown as that moment in the UI language instead.
 * A name that is not that moment (given by the user or an import) is shown as it is.
 */
export function runTitle(run: Pick<RunMeta, "name" | "createdAt">, fmt: Formats): string {
  return run.name === new Date(run.createdAt).toLocaleString() ? fmt.dateTime(run.createdAt) : run.name;
}
