import { useApp } from "../shared/store";
import type { RouteIds } from "../shared/store/types";
import { formatRoute, isShareLink, parseRoute } from "./route";

/**
 * Keeps the URL and the app in step (route.ts says what a fragment means). The route's ids live
 * in the workspace slice (what stays open across view switches): the URL is read into it on load
 * and on back / forward (hashchange, popstate), and written from it as the view or an id changes: a new history entry when the view or the dataset changes (so Back returns to the
 * previous screen), in place when only the run or report does. A share link (#report=…) opens
 * Reports and stays in the URL until the user goes elsewhere.
 */
export function startHashRouter(): () => void {
  let applying = false;
  const apply = () => {
    const hash = location.hash;
    const s = useApp.getState();
    applying = true;
    try {
      if (isShareLink(hash)) s.setView("reports");
      else {
        const route = parseRoute(hash);
        if (!route) return;
        // A route names ids for its own view only: "#/" or "#/prompts" leaves the dataset, run and
        // report that are open elsewhere as they are, so they are still there when the user goes back.
        if (route.view === "datasets") s.setWorkspace({ datasetId: route.datasetId, runId: route.runId });
        if (route.view === "reports") s.setWorkspace({ reportId: route.reportId });
        s.setView(route.view);
      }
    } finally {
      applying = false;
    }
  };
  apply();
  window.addEventListener("hashchange", apply);
  window.addEventListener("popstate", apply);
  const unsubscribe = useApp.subscribe((s, prev) => {
    const ids = routeIds(s.workspace);
    const prevIds = routeIds(prev.workspace);
    if (applying || (s.view === prev.view && sameIds(ids, prevIds))) return;
    const current = location.hash;
    if (isShareLink(current) && s.view === "reports" && !ids.reportId) return;
    const next = formatRoute({ view: s.view, ...ids });
    if (next === current || (next === "#/" && current === "")) return;
    const push = s.view !== prev.view || (s.view === "datasets" && ids.datasetId !== prevIds.datasetId);
    history[push ? "pushState" : "replaceState"](null, "", next);
  });
  return () => {
    window.removeEventListener("hashchange", apply);
    window.removeEventListener("popstate", apply);
    unsubscribe();
  };
}

function routeIds(w: RouteIds): RouteIds {
  return { datasetId: w.datasetId, runId: w.runId, reportId: w.reportId };
}

function sameIds(a: RouteIds, b: RouteIds): boolean {
  return a.datasetId === b.datasetId && a.runId === b.runId && a.reportId === b.reportId;
}
