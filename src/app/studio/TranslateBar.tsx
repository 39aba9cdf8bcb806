import { useState } from "react";
import { useStudioT } from "./messages";
import { useStudio } from "./state/store";
import { translateExamples } from "./state/translate-run";

/** Common target languages; any other can be typed (the judge gets the name as written). */
const LANGUAGES = [
  "Chinese (Simplified)",
  "Chinese (Traditional)",
  "English",
  "Spanish",
  "French",
  "German",
  "Japanese",
  "Korean",
  "Portuguese",
  "Russian",
  "Italian",
  "Arabic",
  "Hindi",
  "Vietnamese",
  "Indonesian",
];

/** "Translate examples into …": one judge call, then a review in the diff editor. */
export function TranslateBar() {
  const t = useStudioT();
  const busy = useStudio((s) => s.busy);
  const [language, setLanguage] = useState(LANGUAGES[0]!);
  return (
    <form
      className="studio-translate"
      onSubmit={(e) => {
        e.preventDefault();
        void translateExamples(language);
      }}
    >
      <label htmlFor="studio-language">{t.targetLanguage}</label>
      <input id="studio-language" type="text" list="studio-languages" value={language} onChange={(e) => setLanguage(e.target.value)} />
      <datalist id="studio-languages">
        {LANGUAGES.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      <button type="submit" className="btn btn-small" disabled={busy !== null || !language.trim()}>
        {busy === "translate" ? t.translating : t.translate}
      </button>
    </form>
  );
}
