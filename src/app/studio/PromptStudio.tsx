import { useEffect } from "react";
import "../styles/studio.css";
import "../styles/studio-panels.css";
import { CustomJudges } from "./CustomJudges";
import { EditorPane } from "./EditorPane";
import { useStudioT } from "./messages";
import { NoticeLine } from "./NoticeLine";
import { PromptList } from "./PromptList";
import { PromptSetIO } from "./PromptSetIO";
import { loadStudio } from "./state/versions";
import { useStudio } from "./state/store";
import { TryPanel } from "./TryPanel";
import { useStudioShortcut } from "./useStudioShortcut";

/**
 * The prompt studio (the "Prompts" view). Loaded with React.lazy from App: this module and
 * everything it imports, Monaco included, is a separate chunk fetched only when the view opens.
 */
export default function PromptStudio() {
  const t = useStudioT();
  const loaded = useStudio((s) => s.loaded);
  const notice = useStudio((s) => s.notice);
  useStudioShortcut();
  useEffect(() => {
    void loadStudio();
  }, []);
  return (
    <main className="studio" aria-labelledby="studio-title">
      <div className="studio-head">
        <div>
          <h2 id="studio-title">{t.title}</h2>
          <p className="muted">{t.intro}</p>
        </div>
        {loaded ? <PromptSetIO /> : null}
      </div>
      <NoticeLine notice={notice} />
      {loaded ? (
        <>
          {/* Your own judges first: "New judge" is where a user looks for a custom metric, not below the long editor. */}
          <CustomJudges />
          <div className="studio-grid">
            <PromptList />
            <EditorPane />
            <TryPanel />
          </div>
        </>
      ) : (
        <p className="empty">{t.loading}</p>
      )}
    </main>
  );
}
