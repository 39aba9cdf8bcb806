import { type KeyboardEvent, useRef } from "react";
import { useT } from "../shared/i18n";
import { useEnglishName } from "../shared/i18n/accessible-name";
import { useApp } from "../shared/store";
import type { AppView } from "../shared/store/types";

/** The views, with the English accessible names of the English UI (contract 7); in Chinese the tab's text names it. */
const VIEWS: { id: AppView; name: string }[] = [
  { id: "playground", name: "Playground" },
  { id: "prompts", name: "Prompts" },
  { id: "datasets", name: "Datasets" },
  { id: "reports", name: "Reports" },
  { id: "agreement", name: "Agreement" },
];

export const tabId = (view: AppView) => `tab-${view}`;
export const panelId = (view: AppView) => `view-${view}`;

/**
 * The view switch as WAI-ARIA tabs (APG "tabs with automatic activation"): one tab in the Tab
 * order (roving tabindex), arrow keys / Home / End move to and open the next view. The panel
 * (shell/App) is labelled by the selected tab.
 */
export function ViewTabs() {
  const t = useT();
  const named = useEnglishName();
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const list = useRef<HTMLDivElement>(null);

  const go = (next: AppView) => {
    setView(next);
    const tab = list.current?.querySelector<HTMLButtonElement>(`#${tabId(next)}`);
    tab?.focus();
    tab?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = VIEWS.findIndex((v) => v.id === view);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: VIEWS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(VIEWS[(to + VIEWS.length) % VIEWS.length]!.id);
  };

  return (
    <div ref={list} className="segmented view-switch" role="tablist" aria-label={t.app.views} onKeyDown={onKeyDown}>
      {VIEWS.map((v) => {
        const selected = view === v.id;
        return (
          <button
            key={v.id}
            id={tabId(v.id)}
            type="button"
            role="tab"
            aria-label={named(v.name)}
            aria-selected={selected}
            aria-controls={selected ? panelId(v.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => go(v.id)}
          >
            {t.app[v.id]}
          </button>
        );
      })}
    </div>
  );
}
