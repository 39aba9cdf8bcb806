import { describe, expect, it } from "vitest";
import { answeredBy, rowsToAsk } from "../../../../src/app/datasets/ask/ask-job";
import type { DatasetRow } from "../../../../src/storage/db/datasets";

/** Which rows a job asks (issue 29), conversations answered turn by turn included. */

const turns = [
  { role: "user" as const, content: "First?" },
  { role: "assistant" as const, content: "One." },
  { role: "user" as const, content: "Second?" },
];

function row(position: number, answer: string, asked?: DatasetRow["asked"], messages?: typeof turns): DatasetRow {
  return {
    datasetId: "d",
    position,
    sample: { id: `r${position}`, question: "q", answer, contexts: [], ...(messages ? { messages } : {}) },
    ...(asked ? { asked } : {}),
  };
}
const asked = (job: string, more: Partial<NonNullable<DatasetRow["asked"]>> = {}) => ({ job, at: 1, ms: 5, ...more });

describe("rowsToAsk and answeredBy", () => {
  const rows = [
    row(0, ""),
    row(1, "imported"),
    row(2, "done", asked("j1")),
    row(3, "", asked("j1", { error: "HTTP 500" })),
    // A conversation j1 answered one of two turns of (paused): not done, asked again from turn 2.
    row(4, "One.", asked("j1", { turns: 1 }), turns),
    row(5, "Two.", asked("j1", { turns: 2 }), turns),
    // Left half-answered by a cancelled job: still missing for a new one.
    row(6, "One.", asked("old", { turns: 1 }), turns),
  ];

  it("a row is done for its job when answered without error, a conversation when every user turn was", () => {
    expect(rows.map((r) => answeredBy(r, "j1"))).toEqual([false, false, true, false, false, true, false]);
  });

  it("missing: rows without an answer, the job's own failures and unfinished conversations; all: every row the job has not answered", () => {
    expect(rowsToAsk(rows, { id: "j1", mode: "missing" }).map((r) => r.position)).toEqual([0, 3, 4, 6]);
    expect(rowsToAsk(rows, { id: "j2", mode: "missing" }).map((r) => r.position)).toEqual([0, 3, 4, 6]);
    expect(rowsToAsk(rows, { id: "j1", mode: "all" }).map((r) => r.position)).toEqual([0, 1, 3, 4, 6]);
  });
});
