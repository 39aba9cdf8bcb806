// @vitest-environment happy-dom
import { afterEach, expect, test } from "vitest";
import { ScoreCell } from "../../../../src/app/shared/explorer/ScoreCell";
import { render, type Rendered } from "../../render";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const cellClass = (id: string, score: number) => {
  view?.unmount();
  view = render(<ScoreCell id={id} result={{ score, trace: { calls: [] } } as never} testId="cell" />);
  return view.container.querySelector('[data-testid="cell"]')!.className;
};

test("a results-table cell colours noise sensitivity the right way round: 0 is good, 1 is poor", () => {
  expect(cellClass("noise_sensitivity", 0)).toBe("cell-score score-high");
  expect(cellClass("noise_sensitivity", 1)).toBe("cell-score score-low");
  expect(cellClass("faithfulness", 0)).toBe("cell-score score-low");
  expect(cellClass("faithfulness", 1)).toBe("cell-score score-high");
});
