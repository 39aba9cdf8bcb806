import { describe, expect, it } from "vitest";
import { genericTraceSections } from "../../../../src/app/shared/results/traces/generic-trace";

describe("the generic trace view's model (a metric without a view of its own)", () => {
  it("lists items with their flags (0 or 1 in every item), keeps places and other numbers as numbers, and leaves the calls to the call log", () => {
    const trace = {
      retrieved: [
        { id: "doc-7", index: 0, relevant: 1, gain: 0.5, reason: "names the treaty" },
        { id: "doc-2", index: 1, relevant: 0, gain: 0 },
      ],
      referenceIds: ["doc-7", "doc-9"],
      k: 2,
      mode: "binary",
      calls: [{ kind: "chat" }],
    };
    expect(genericTraceSections(trace)).toEqual([
      {
        kind: "items",
        field: "retrieved",
        items: [
          {
            text: "doc-7",
            flags: [{ name: "relevant", on: true }],
            numbers: [
              { name: "index", value: 0 },
              { name: "gain", value: 0.5 },
            ],
            reason: "names the treaty",
          },
          // gain is 0 here, but 0.5 above: not a flag of this list.
          {
            text: "doc-2",
            flags: [{ name: "relevant", on: false }],
            numbers: [
              { name: "index", value: 1 },
              { name: "gain", value: 0 },
            ],
          },
        ],
      },
      { kind: "values", field: "referenceIds", values: ["doc-7", "doc-9"] },
      { kind: "value", field: "k", value: "2" },
      { kind: "value", field: "mode", value: "binary" },
    ]);
  });

  it("prefers an item's text field, and has nothing to show for a trace that is not an object", () => {
    expect(genericTraceSections({ turns: [{ speaker: "user", text: "Hi", helpful: 1 }] })).toEqual([
      { kind: "items", field: "turns", items: [{ text: "Hi", flags: [{ name: "helpful", on: true }], numbers: [] }] },
    ]);
    expect(genericTraceSections(null)).toEqual([]);
    expect(genericTraceSections([1, 2])).toEqual([]);
  });
});
