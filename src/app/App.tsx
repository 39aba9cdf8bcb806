import { lazy, Suspense } from "react";
import { HistoryPanel } from "./history/HistoryPanel";
import { useT } from "./i18n";
import { Header } from "./Header";
import { SampleForm } from "./playground/SampleForm";
import { useScoreShortcut } from "./playground/useScoreShortcut";
import { ResultsPanel } from "./results/ResultsPanel";
import { SettingsDialog } from "./settings/SettingsDialog";
import { ErrorBoundary } from "./shared/ErrorBoundary";
import { useApp } from "./store";

// The prompt studio (and Monaco with it) is a separate chunk, fetched the first time it opens.
const PromptStudio = lazy(() => import("./studio/PromptStudio"));

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
      {view === "prompts" ? (
        <ErrorBoundary fallback={(message) => <p className="note note-error">{t.app.studioFailed(message)}</p>}>
          <Suspense fallback={<p className="empty">{t.app.loadingStudio}</p>}>
            <PromptStudio />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <>
          <main className="playground">
            <SampleForm />
            <ResultsPanel />
          </main>
          <HistoryPanel />
        </>
      )}
      <SettingsDialog />
    </div>
  );
}
