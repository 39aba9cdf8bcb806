import { useApp } from "../shared/store";
import { formatRoute, isShareLink, parseRoute } from "./route";

/**
 * Keeps the URL and the app in step (route.ts says what a fragment means). The URL is read on
 * load and on back / forward (hashchange, popstate); the app's view and route ids are written as
 * they change: a new history entry when the view or the dataset changes (so Back returns to the
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
        s.setRoute({ datasetId: route.datasetId, runId: route.runId, reportId: route.reportId });
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
    if (applying || (s.view === prev.view && s.route === prev.route)) return;
    const current = location.hash;
    if (isShareLink(current) && s.view === "reports" && !s.route.reportId) return;
    const next = formatRoute({ view: s.view, ...s.route });
    if (next === current || (next === "#/" && current === "")) return;
    const push = s.view !== prev.view || (s.view === "datasets" && s.route.datasetId !== prev.route.datasetId);
    history[push ? "pushState" : "replaceState"](null, "", next);
  });
  return () => {
    window.removeEventListener("hashchange", apply);
    window.removeEventListener("popstate", apply);
    unsubscribe();
  };
}
