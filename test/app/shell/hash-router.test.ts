// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { startHashRouter } from "../../../src/app/shell/hash-router";
import { useApp } from "../../../src/app/shared/store";

/** Goes to a fragment the way Back / Forward or a pasted link does: the URL first, then the event. */
function visit(hash: string): void {
  history.replaceState(null, "", hash);
  window.dispatchEvent(new HashChangeEvent("hashchange"));
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  history.replaceState(null, "", "#/");
  useApp.setState({ view: "playground" });
  useApp.getState().setWorkspace({ datasetId: null, runId: null, reportId: null, report: null });
});

describe("the hash router over the workspace (one source of truth for what is open)", () => {
  it("reads a run's route into the workspace on load, and writes the workspace back as the view changes", () => {
    history.replaceState(null, "", "#/datasets/d-1/runs/r-1");
    stop = startHashRouter();
    expect(useApp.getState().view).toBe("datasets");
    expect(useApp.getState().workspace).toMatchObject({ datasetId: "d-1", runId: "r-1", reportId: null });

    // A view switch keeps the selection in the workspace; coming back names it in the URL again.
    useApp.getState().setView("playground");
    expect(location.hash).toBe("#/");
    expect(useApp.getState().workspace).toMatchObject({ datasetId: "d-1", runId: "r-1" });
    useApp.getState().setView("datasets");
    expect(location.hash).toBe("#/datasets/d-1/runs/r-1");

    // What the user opens inside the view is written to the URL.
    useApp.getState().setWorkspace({ runId: "r-2" });
    expect(location.hash).toBe("#/datasets/d-1/runs/r-2");
  });

  it("a route names ids for its own view only: Back to the playground or prompts leaves the dataset and report open", () => {
    history.replaceState(null, "", "#/reports/k-1");
    stop = startHashRouter();
    expect(useApp.getState().workspace.reportId).toBe("k-1");
    visit("#/datasets/d-2");
    expect(useApp.getState().view).toBe("datasets");
    expect(useApp.getState().workspace).toMatchObject({ datasetId: "d-2", runId: null, reportId: "k-1" });
    visit("#/prompts");
    expect(useApp.getState().view).toBe("prompts");
    expect(useApp.getState().workspace).toMatchObject({ datasetId: "d-2", reportId: "k-1" });
    useApp.getState().setView("reports");
    expect(location.hash).toBe("#/reports/k-1");
    // The URL of a view that names nothing clears that view's ids (the user went Back to the list).
    visit("#/datasets");
    expect(useApp.getState().workspace).toMatchObject({ datasetId: null, runId: null, reportId: "k-1" });
  });

  it("a share link opens Reports and stays in the URL", () => {
    history.replaceState(null, "", "#report=abc");
    stop = startHashRouter();
    expect(useApp.getState().view).toBe("reports");
    expect(location.hash).toBe("#report=abc");
  });
});
