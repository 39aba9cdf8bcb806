// @vitest-environment happy-dom
/**
 * DESIGN.md contract 7 with WCAG 2.5.3 (Label in Name): in the English UI the main controls keep
 * their English accessible names exactly (browser tests and users' scripts find them by these); in
 * Chinese the same controls carry no English aria-label, so their Chinese visible label is their name.
 */
import "fake-indexeddb/auto";
import { act, type ReactElement } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { DataSource } from "../../../../src/app/agreement/DataSource";
import { HubImport } from "../../../../src/app/datasets/HubImport";
import { ImportPanel } from "../../../../src/app/datasets/ImportPanel";
import { ReportActions } from "../../../../src/app/playground/report-file/ReportActions";
import { SampleForm } from "../../../../src/app/playground/SampleForm";
import { ConnectionFields } from "../../../../src/app/settings/ConnectionFields";
import { ReportExports } from "../../../../src/app/shared/report-exports/ReportExports";
import { emptyDraft } from "../../../../src/app/shared/store/sample-slice";
import { useApp } from "../../../../src/app/shared/store";
import { Header } from "../../../../src/app/shell/Header";
import { CustomJudges } from "../../../../src/app/studio/CustomJudges";
import { fakeReport } from "../../../storage/format/report-fixture";
import { useCustomJudges } from "../../../../src/app/shared/persist/custom-judges";
import { accessibleName, byAccessibleName, click, render, type Rendered, until } from "../../render";

/** Each piece of the UI with the contract-7 names it holds (the English UI's accessible names, word for word). */
const PIECES: { what: string; element: () => ReactElement; names: string[]; open?: string; loaded?: () => boolean }[] = [
  { what: "the sample form", element: () => <SampleForm />, names: ["Question", "Answer", "Context 1", "Reference", "Score", "Add context"] },
  { what: "the header", element: () => <Header />, names: ["Playground", "Prompts", "Datasets", "Reports", "Agreement", "Settings"] },
  { what: "Settings' connection", element: () => <ConnectionFields />, names: ["Base URL", "API key", "Model", "Embedding model"] },
  { what: "the playground's report actions", element: () => <ReportActions />, names: ["Export report", "Import report", "Open in Reports"] },
  {
    what: "a report's exports",
    element: () => <ReportExports report={fakeReport()} />,
    names: ["Export report", "Export CSV", "Export HTML", "Create share link", "Share password"],
  },
  { what: "the dataset import", element: () => <ImportPanel />, names: ["Import dataset"] },
  { what: "the Hub import", element: () => <HubImport onRows={() => undefined} />, names: ["Hugging Face dataset", "Import from Hugging Face"] },
  { what: "the agreement data", element: () => <DataSource loaded={null} onLoaded={() => undefined} />, names: ["Import agreement data"] },
  {
    what: "the judge form",
    element: () => <CustomJudges />,
    open: "New judge",
    names: ["New judge", "Judge name", "Judge definition", "Judge scale"],
    // The form loads the user's judges from IndexedDB when it mounts.
    loaded: () => useCustomJudges.getState().loaded,
  },
];

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

describe("accessible names (contract 7, WCAG 2.5.3)", () => {
  for (const piece of PIECES)
    test(`${piece.what}: English names ${piece.names.join(", ")}; in Chinese each is named by its Chinese label`, async () => {
      useApp.setState({ lang: "en", draft: emptyDraft() });
      if (piece.loaded) useCustomJudges.setState({ loaded: false });
      view = render(piece.element());
      // What the piece reads when it mounts has landed (nothing, for most), and its first control is there.
      await until(() => {
        expect(piece.loaded?.() ?? true).toBe(true);
        byAccessibleName(view!.container, piece.open ?? piece.names[0]!);
      });
      if (piece.open) await click(byAccessibleName(view.container, piece.open));
      const controls = piece.names.map((name) => byAccessibleName(view!.container, name));

      await act(async () => useApp.setState({ lang: "zh" }));
      for (const [i, control] of controls.entries()) {
        const english = piece.names[i]!;
        expect(control.isConnected, `${english} is still on the page`).toBe(true);
        // No English aria-label: the visible label (the control's text or its <label>) is the name, and it is Chinese.
        expect(control.getAttribute("aria-label"), english).toBeNull();
        expect(accessibleName(control), english).toMatch(/\p{Script=Han}/u);
      }

      // Back in English, the same names again, word for word.
      await act(async () => useApp.setState({ lang: "en" }));
      expect(controls.map(accessibleName)).toEqual(piece.names);
    });
});
