import { useEffect, useMemo, useState } from "react";
import { type CustomJudge, type CustomJudgeInput, customId, customJudgePrompt, customJudgeSchema, freeSlug, judgeIssues, MAX_STRICTNESS } from "../../engine";
import { useT } from "../shared/i18n";
import { loadCustomJudges, removeCustomJudge, saveCustomJudge, useCustomJudges } from "../shared/persist/custom-judges";
import { useStudioT } from "./messages";
import { useEnglishName } from "../shared/i18n/accessible-name";

/**
 * The user's own judges (contract 11, issue 16): a list with a "New judge" button and the form
 * that writes one. The form is checked with the engine's own schema as it is typed, and shows
 * the prompt the judge will send. Accessible names are English in the English UI (contract 7), the labels elsewhere.
 */

const INPUTS = ["question", "answer", "contexts", "reference"] as const;
type Input = (typeof INPUTS)[number];

interface Form {
  name: string;
  definition: string;
  scale: "binary" | "rubric";
  levels: [string, string, string, string, string];
  inputs: Input[];
  strictness: string;
  /** Set when editing: the slug stays, so saving makes the next version. */
  slug?: string;
}

const EMPTY: Form = { name: "", definition: "", scale: "binary", levels: ["", "", "", "", ""], inputs: ["question", "answer"], strictness: "1" };

function formOf(judge: CustomJudge): Form {
  return {
    name: judge.name,
    definition: judge.definition,
    scale: judge.scale,
    levels: judge.levels ?? ["", "", "", "", ""],
    inputs: INPUTS.filter((i) => judge.inputs.includes(i)),
    strictness: String(judge.strictness),
    slug: judge.slug,
  };
}

/** The judge this form describes (under `slug`), or the first problem in the schema's words. */
function judgeFromForm(form: Form, slug: string): { ok: true; judge: CustomJudge } | { ok: false; message: string } {
  const input: CustomJudgeInput = {
    slug,
    name: form.name,
    definition: form.definition,
    inputs: form.inputs,
    scale: form.scale,
    ...(form.scale === "rubric" ? { levels: form.levels } : {}),
    strictness: Number(form.strictness),
  };
  const parsed = customJudgeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "invalid judge" };
  // What a prompt set import refuses (a {{variable}} in the judge's words), the form refuses too.
  const issue = judgeIssues(parsed.data)[0];
  return issue ? { ok: false, message: issue.message } : { ok: true, judge: parsed.data };
}

export function CustomJudges() {
  const named = useEnglishName();
  const t = useStudioT().judges;
  const judges = useCustomJudges((s) => s.judges);
  const [form, setForm] = useState<Form | null>(null);
  // Kept as what happened, not as text: the notice follows a switch of language.
  const [notice, setNotice] = useState<((m: typeof t) => string) | null>(null);
  useEffect(() => {
    void loadCustomJudges();
  }, []);
  return (
    <section className="panel studio-judges" aria-labelledby="judges-title">
      <div className="judge-row">
        <h3 id="judges-title">{t.title}</h3>
        <button type="button" className="btn" aria-label={named("New judge")} onClick={() => setForm({ ...EMPTY })}>
          {t.newJudge}
        </button>
      </div>
      <p className="muted">{t.intro}</p>
      {judges.length === 0 ? <p className="muted">{t.none}</p> : null}
      <ul className="judge-list">
        {judges.map((judge) => (
          <li key={judge.slug} className="judge-row">
            <strong>{judge.name}</strong> <code>{customId(judge)}</code> <span className="badge">{t.version(judge.version)}</span>
            <span className="muted">
              {t.scaleShort[judge.scale]} · k = {judge.strictness}
            </span>
            <button type="button" className="btn btn-link" onClick={() => setForm(formOf(judge))}>
              {t.edit}
            </button>
            <button
              type="button"
              className="btn btn-link"
              aria-label={t.remove(judge.slug)}
              title={t.remove(judge.name)}
              onClick={() => void removeCustomJudge(judge.slug).then(() => setNotice(() => (m: typeof t) => m.deleted(judge.name)))}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      {notice ? (
        <p className="muted" role="status">
          {notice(t)}
        </p>
      ) : null}
      {form ? (
        <JudgeForm
          form={form}
          onChange={setForm}
          onCancel={() => setForm(null)}
          onSaved={(judge) => {
            setForm(null);
            setNotice(() => (m: typeof t) => m.saved(judge.name, judge.version));
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * The form keeps its shape while it is typed in: the check's message has a line reserved for it
 * whether or not there is one, and the prompt preview is a box of fixed height beside the fields
 * (below them in a narrow window) that is there from the start, so nothing below a field moves
 * when a message comes or goes or the preview grows. Only the rubric's five levels add rows.
 */
function JudgeForm({ form, onChange, onCancel, onSaved }: { form: Form; onChange(form: Form): void; onCancel(): void; onSaved(judge: CustomJudge): void }) {
  const named = useEnglishName();
  const t = useStudioT().judges;
  const app = useT();
  const [error, setError] = useState("");
  const judges = useCustomJudges((s) => s.judges);
  // A new judge never takes another's slug (its versions); an edited one keeps its own.
  const slug = useMemo(
    () =>
      form.slug ??
      freeSlug(
        form.name,
        judges.map((j) => j.slug),
      ),
    [form.slug, form.name, judges],
  );
  const checked = useMemo(() => judgeFromForm(form, slug), [form, slug]);
  const prompt = useMemo(() => (checked.ok ? customJudgePrompt(checked.judge) : null), [checked]);
  const set = (patch: Partial<Form>) => {
    setError("");
    onChange({ ...form, ...patch });
  };
  // The schema's first complaint once the user has started (a name typed); a failed save's reason wins.
  const problem = error || (!checked.ok && form.name ? checked.message : "");
  return (
    <form
      className="judge-form"
      aria-label={t.newJudge}
      onSubmit={(e) => {
        e.preventDefault();
        if (!checked.ok) return setError(checked.message);
        void saveCustomJudge(checked.judge, { asNew: form.slug === undefined }).then(onSaved, (err: unknown) =>
          setError(err instanceof Error ? err.message : String(err)),
        );
      }}
    >
      <div className="judge-fields">
        <label>
          {t.name}
          <input type="text" aria-label={named("Judge name")} value={form.name} maxLength={120} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <code className="muted judge-id">{t.id(`custom:${slug}`)}</code>
        <label>
          {t.definition}
          <textarea aria-label={named("Judge definition")} rows={3} value={form.definition} onChange={(e) => set({ definition: e.target.value })} />
          <span className="field-hint">{t.definitionHint}</span>
        </label>
        <label>
          {t.scale}
          <select aria-label={named("Judge scale")} value={form.scale} onChange={(e) => set({ scale: e.target.value as Form["scale"] })}>
            <option value="binary">{t.binary}</option>
            <option value="rubric">{t.rubric}</option>
          </select>
        </label>
        {form.scale === "rubric"
          ? ([0, 1, 2, 3, 4] as const).map((i) => (
              <label key={`level-${i + 1}`}>
                {t.level(i + 1)}
                <input
                  type="text"
                  aria-label={named(`Level ${i + 1}`)}
                  value={form.levels[i]}
                  onChange={(e) => set({ levels: form.levels.map((l, k) => (k === i ? e.target.value : l)) as Form["levels"] })}
                />
              </label>
            ))
          : null}
        <fieldset className="judge-inputs">
          <legend>{t.inputs}</legend>
          {INPUTS.map((input) => (
            <label key={input}>
              <input
                type="checkbox"
                aria-label={named(`Judge sees ${input}`)}
                checked={form.inputs.includes(input)}
                onChange={(e) => set({ inputs: INPUTS.filter((i) => (i === input ? e.target.checked : form.inputs.includes(i))) })}
              />
              {app.more.inputs[input]}
            </label>
          ))}
        </fieldset>
        <label>
          {t.strictness}
          <select aria-label={named("Judge strictness")} value={form.strictness} onChange={(e) => set({ strictness: e.target.value })}>
            {Array.from({ length: MAX_STRICTNESS }, (_, i) => String(i + 1)).map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <p className={`judge-check${error ? " is-error" : ""}`} role="status">
          {problem}
        </p>
        <div className="judge-row">
          <button type="submit" className="btn btn-primary" aria-label={named("Save judge")} disabled={!checked.ok}>
            {t.save}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            {t.cancel}
          </button>
        </div>
      </div>
      <section className="judge-preview-pane" aria-labelledby="judge-preview-title">
        <h4 id="judge-preview-title">{t.preview}</h4>
        {prompt ? (
          <pre className="judge-preview">{`${prompt.instruction}\n\n${prompt.inputTemplate}`}</pre>
        ) : (
          <p className="judge-preview judge-preview-pending">{t.previewPending}</p>
        )}
      </section>
    </form>
  );
}
