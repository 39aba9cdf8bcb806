// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { PriceTable } from "../../../src/app/settings/PriceTable";
import { useApp } from "../../../src/app/shared/store";
import { byName, render, type } from "../render";

describe("PriceTable batch columns", () => {
  it("shows half the list price until a batch price is typed, and keeps what is typed", async () => {
    useApp.getState().updateSettings({ prices: [{ model: "judge-x", input: 1, output: 4 }] });
    const view = render(<PriceTable />);
    const batchIn = byName<HTMLInputElement>(view.container, "Batch input: judge-x");
    const batchOut = byName<HTMLInputElement>(view.container, "Batch output: judge-x");
    expect([batchIn.value, batchIn.placeholder, batchOut.placeholder]).toEqual(["", "0.5", "2"]);
    await type(batchOut, "1.5");
    expect(useApp.getState().settings.prices[0]).toEqual({ model: "judge-x", input: 1, output: 4, batchOutput: 1.5 });
    await type(batchOut, "");
    expect(useApp.getState().settings.prices[0]!.batchOutput).toBeUndefined();
    view.unmount();
  });
});
