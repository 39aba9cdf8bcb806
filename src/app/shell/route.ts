import type { AppView, RouteIds } from "../shared/store/types";

/**
 * The URL's fragment as a place in the app, and back:
 *   #/                                 the playground
 *   #/prompts  #/agreement             a view
 *   #/datasets/<id>/runs/<runId>       a dataset (and one of its runs) in the Datasets view
 *   #/reports/<reportId>               a kept report in the Reports view
 *   #report=…                          a share link (contract: kept as it is; opens Reports)
 * Pure: the router (hash-router.ts) does the reading and writing.
 */
export interface Route extends RouteIds {
  view: AppView;
}

const VIEWS: readonly AppView[] = ["playground", "prompts", "datasets", "reports", "agreement"];
const SHARE_FRAGMENT = "#report=";

export function isShareLink(hash: string): boolean {
  return hash.startsWith(SHARE_FRAGMENT);
}

/** The route a fragment names; null for a share link or a fragment that is not a route (an in-page anchor such as #results). */
export function parseRoute(hash: string): Route | null {
  if (isShareLink(hash)) return null;
  if (hash === "" || hash === "#") return { view: "playground", datasetId: null, runId: null, reportId: null };
  if (!hash.startsWith("#/")) return null;
  const parts = hash
    .slice(2)
    .split("/")
    .filter((p) => p !== "")
    .map(safeDecode);
  const view = (parts[0] ?? "playground") as AppView;
  if (!VIEWS.includes(view)) return null;
  const route: Route = { view, datasetId: null, runId: null, reportId: null };
  if (view === "datasets" && parts[1]) {
    route.datasetId = parts[1];
    if (parts[2] === "runs" && parts[3]) route.runId = parts[3];
  }
  if (view === "reports" && parts[1]) route.reportId = parts[1];
  return route;
}

export function formatRoute(route: Route): string {
  const enc = encodeURIComponent;
  if (route.view === "datasets" && route.datasetId) {
    return `#/datasets/${enc(route.datasetId)}${route.runId ? `/runs/${enc(route.runId)}` : ""}`;
  }
  if (route.view === "reports" && route.reportId) return `#/reports/${enc(route.reportId)}`;
  return route.view === "playground" ? "#/" : `#/${route.view}`;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
