import { useT } from "../shared/i18n";
import type { Lang } from "../shared/i18n/lang";
import { useApp } from "../shared/store";
import { ViewTabs } from "./ViewTabs";
import { useEnglishName } from "../shared/i18n/accessible-name";

const LANGS: { id: Lang; label: string; htmlLang: string }[] = [
  { id: "en", label: "EN", htmlLang: "en" },
  { id: "zh", label: "中文", htmlLang: "zh-CN" },
];

export function Header() {
  const named = useEnglishName();
  const t = useT();
  const lang = useApp((s) => s.lang);
  const setLang = useApp((s) => s.setLang);
  const openSettings = useApp((s) => s.setSettingsOpen);
  return (
    <header className="app-header">
      <div className="brand">
        <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" />
          <path d="M9 22V10h7a4 4 0 0 1 0 8h-7m7 0 5 4" />
        </svg>
        <div>
          <h1>{t.app.name}</h1>
          <p className="tagline">{t.app.tagline}</p>
        </div>
      </div>
      <div className="header-actions">
        <ViewTabs />
        {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons outside a form; WAI-ARIA's group, not a fieldset with its own box */}
        <div className="segmented" role="group" aria-label={t.app.language}>
          {LANGS.map((l) => (
            <button key={l.id} type="button" lang={l.htmlLang} aria-pressed={lang === l.id} onClick={() => setLang(l.id)}>
              {l.label}
            </button>
          ))}
        </div>
        <button type="button" className="btn" aria-label={named("Settings")} aria-haspopup="dialog" onClick={() => openSettings(true)}>
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="3" />
            <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
          </svg>
          {t.app.settings}
        </button>
      </div>
    </header>
  );
}
