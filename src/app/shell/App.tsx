import { lazy, Suspense } from "react";
import { HistoryPanel } from "../playground/history/HistoryPanel";
import { useT } from "../shared/i18n";
import { Header } from "./Header";
import { InterruptedRunAlert } from "./InterruptedRunAlert";
import { LazyView } from "./LazyView";
import { panelId, tabId } from "./ViewTabs";
import { SampleForm } from "../playground/SampleForm";
import { useScoreShortcut } from "../playground/useScoreShortcut";
import { ResultsPanel } from "../playground/ResultsPanel";
import { SettingsDialog } from "../settings/SettingsDialog";
import { ErrorBoundary } from "../shared/ui/ErrorBoundary";
import { useApp } from "../shared/store";

// Every view but the playground is a separate chunk, fetched the first time it opens (the prompt
// studio brings Monaco; datasets bring the table and parsers).
const PromptStudio = lazy(() => import("../studio/PromptStudio"));
const DatasetsPage = lazy(() => import("./DatasetsPage"));
const ReportsView = lazy(() => import("../reports/ReportsView"));
const AgreementView = lazy(() => import("../agreement/AgreementView"));

/** The page: header, the playground (form | results), history; settings in a dialog. */
export function App() {
  const t = useT();
  useScoreShortcut();
  const view = useApp((s) => s.view);
  return (
    <div className="app">
      <a className="skip-link" href="#results">
        {t.app.skipToResults}
      </a>
      <Header />
      <InterruptedRunAlert />
      <div className="view-panel" role="tabpanel" id={panelId(view)} aria-labelledby={tabId(view)}>
        {view === "datasets" && <LazyView view={DatasetsPage} />}
        {view === "reports" && <LazyView view={ReportsView} />}
        {view === "agreement" && <LazyView view={AgreementView} />}
        {view === "prompts" && (
          <ErrorBoundary fallback={(message) => <p className="note note-error">{t.app.studioFailed(message)}</p>}>
            <Suspense fallback={<p className="empty">{t.app.loadingStudio}</p>}>
              <PromptStudio />
            </Suspense>
          </ErrorBoundary>
        )}
        {view === "playground" && (
          <>
            <main className="playground">
              <SampleForm />
              <ResultsPanel />
            </main>
            <HistoryPanel />
          </>
        )}
      </div>
      <SettingsDialog />
    </div>
  );
}
