import { HistoryPanel } from "./history/HistoryPanel";
import { useT } from "./i18n";
import { Header } from "./Header";
import { SampleForm } from "./playground/SampleForm";
import { useScoreShortcut } from "./playground/useScoreShortcut";
import { ResultsPanel } from "./results/ResultsPanel";
import { SettingsDialog } from "./settings/SettingsDialog";

/** The page: header, the playground (form | results), history; settings in a dialog. */
export function App() {
  const t = useT();
  useScoreShortcut();
  return (
    <div className="app">
      <a className="skip-link" href="#results">
        {t.app.skipToResults}
      </a>
      <Header />
      <main className="playground">
        <SampleForm />
        <ResultsPanel />
      </main>
      <HistoryPanel />
      <SettingsDialog />
    </div>
  );
}
