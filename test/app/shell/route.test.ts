import { describe, expect, it } from "vitest";
import { formatRoute, isShareLink, parseRoute, type Route } from "../../../src/app/shell/route";

const r = (over: Partial<Route>): Route => ({ view: "playground", datasetId: null, runId: null, reportId: null, ...over });

describe("hash routes", () => {
  it("parse and format are inverses for every kind of place", () => {
    const routes = [
      r({}),
      r({ view: "prompts" }),
      r({ view: "agreement" }),
      r({ view: "datasets" }),
      r({ view: "datasets", datasetId: "d-1" }),
      r({ view: "datasets", datasetId: "d 1/é", runId: "run#2" }),
      r({ view: "reports" }),
      r({ view: "reports", reportId: "k-9" }),
    ];
    for (const route of routes) expect(parseRoute(formatRoute(route))).toEqual(route);
    expect(formatRoute(r({ view: "datasets", datasetId: "d", runId: "x" }))).toBe("#/datasets/d/runs/x");
  });

  it("ids only count in their own view", () => {
    expect(formatRoute(r({ view: "playground", datasetId: "d", runId: "x" }))).toBe("#/");
    expect(formatRoute(r({ view: "reports", datasetId: "d" }))).toBe("#/reports");
  });

  it("leaves share links and in-page anchors alone", () => {
    expect(isShareLink("#report=r1.abc")).toBe(true);
    expect(parseRoute("#report=r1.abc")).toBeNull();
    expect(parseRoute("#results")).toBeNull();
    expect(parseRoute("#/nowhere")).toBeNull();
    expect(parseRoute("")).toEqual(r({}));
  });
});
