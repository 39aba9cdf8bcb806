// @vitest-environment happy-dom
import { act, lazy } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { LazyView } from "../../../src/app/shell/LazyView";
import { buttonByText, render, type Rendered, until } from "../render";

let shown: Rendered | undefined;
afterEach(() => shown?.unmount());

let broken = true;
function Flaky() {
  if (broken) throw new Error("Do not know how to serialize a BigInt");
  return <p>the view</p>;
}

test("a view that throws shows the error and a Reopen view button that renders it afresh", async () => {
  const View = lazy(async () => ({ default: Flaky }));
  // React logs the caught error; keep the test output clean.
  const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
  shown = render(<LazyView view={View} />);
  // The lazy view loads, renders and throws: wait for the alert it leaves.
  const alert = await until(() => shown!.container.querySelector('[role="alert"]') ?? expect.fail("no alert yet"));
  expect(alert?.textContent).toContain("This view stopped with an error: Do not know how to serialize a BigInt. What it had stored is kept.");

  broken = false;
  await act(async () => buttonByText(shown!.container, "Reopen view").click());
  expect(shown.container.textContent).toBe("the view");
  quiet.mockRestore();
});
