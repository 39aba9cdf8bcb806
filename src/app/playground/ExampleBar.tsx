import { builtInExamples, BUILT_IN_EXAMPLES, type BuiltInExample } from "../../demo";
import type { Messages } from "../shared/i18n/en";
import { useT } from "../shared/i18n";
import { useApp } from "../shared/store";

/**
 * One click loads a built-in example: the first English or Chinese one from the two buttons,
 * any of them from the list. The demo judge answers these without a key.
 */
export function ExampleBar() {
  const t = useT();
  const loadDraft = useApp((s) => s.loadDraft);
  const clearDraft = useApp((s) => s.clearDraft);
  const setStatus = useApp((s) => s.setStatus);
  const load = (example: BuiltInExample | undefined, name: (m: Messages) => string) => {
    if (!example) return;
    loadDraft(example.sample);
    setStatus((m) => m.status.exampleLoaded(name(m)));
  };
  const first = (lang: "en" | "zh") => builtInExamples(lang)[0];
  // Named in the UI language; an example the catalogue does not know keeps its own title.
  const named = (m: Messages, e: BuiltInExample | undefined) =>
    e ? ((m.examples as Record<string, { title: string; teaches: string }>)[e.id] ?? e) : undefined;
  return (
    <div className="example-bar">
      <span className="example-label">{t.sample.examples}</span>
      <button type="button" className="btn btn-small" title={named(t, first("en"))?.title} onClick={() => load(first("en"), (m) => m.sample.exampleEn)}>
        {t.sample.exampleEn}
      </button>
      <button type="button" className="btn btn-small" title={named(t, first("zh"))?.title} onClick={() => load(first("zh"), (m) => m.sample.exampleZh)}>
        {t.sample.exampleZh}
      </button>
      <select
        className="example-select"
        aria-label={t.sample.moreExamples}
        value=""
        onChange={(event) => {
          const example = BUILT_IN_EXAMPLES.find((e) => e.id === event.target.value);
          load(example, (m) => named(m, example)?.title ?? "");
        }}
      >
        <option value="">{t.sample.moreExamples}</option>
        {BUILT_IN_EXAMPLES.map((e) => (
          <option key={e.id} value={e.id} title={named(t, e)?.teaches}>
            {named(t, e)?.title}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-small btn-quiet" onClick={clearDraft}>
        {t.sample.clear}
      </button>
    </div>
  );
}
