import { useState } from "react";
import type { Sample } from "../../engine/sample";
import { TextField } from "../shared/ui/Field";
import { deleteRow, saveRow } from "./actions";
import { useDatasetsT } from "./messages";
import { useDatasets } from "./store";
import { useEnglishName } from "../shared/i18n/accessible-name";

interface Props {
  datasetId: string;
  /** A stored position, or "new" for a row not yet stored. */
  editing: number | "new";
  sample: Sample;
  /** 1-based row number for the title (0 for a new row). */
  number: number;
}

/** What the editor refuses before asking storage (which checks the shape and the id's uniqueness). */
function rowProblem(sample: Sample, t: ReturnType<typeof useDatasetsT>): string | undefined {
  if (sample.id.trim() === "") return t.needId;
  if (sample.question.trim() === "" || sample.answer.trim() === "") return t.needQuestionAnswer;
  return undefined;
}

/** Cleans what was typed into a sample: trimmed id, empty contexts dropped, empty reference left out. */
function editedSample(draft: Sample): Sample {
  const out: Sample = { id: draft.id.trim(), question: draft.question, answer: draft.answer, contexts: draft.contexts.filter((c) => c.trim() !== "") };
  if (draft.reference !== undefined && draft.reference.trim() !== "") out.reference = draft.reference;
  return out;
}

/** One row's fields, with the playground's labelled text fields (same accessible names). */
export function RowEditor({ datasetId, editing, sample, number }: Props) {
  const named = useEnglishName();
  const t = useDatasetsT();
  const [draft, setDraft] = useState<Sample>(() => ({ ...sample, contexts: sample.contexts.length > 0 ? [...sample.contexts] : [""] }));
  const [problem, setProblem] = useState<string | undefined>();
  const patch = (change: Partial<Sample>) => setDraft((d) => ({ ...d, ...change }));
  const setContext = (i: number, text: string) => patch({ contexts: draft.contexts.map((c, k) => (k === i ? text : c)) });
  const save = async () => {
    const cleaned = editedSample(draft);
    const refused = rowProblem(cleaned, t);
    setProblem(refused);
    if (!refused) await saveRow(datasetId, editing, cleaned);
  };
  return (
    <section className="ds-editor" aria-label={t.names.rowEditor}>
      <h3>{editing === "new" ? t.newRow : t.editTitle(number)}</h3>
      <label className="ds-id">
        {t.fields.id}
        <input aria-label={named("Sample id")} value={draft.id} onChange={(e) => patch({ id: e.target.value })} />
      </label>
      <TextField id="ds-question" label={t.fields.question} name="Question" value={draft.question} onChange={(question) => patch({ question })} rows={2} />
      <TextField id="ds-answer" label={t.fields.answer} name="Answer" value={draft.answer} onChange={(answer) => patch({ answer })} rows={3} />
      {draft.contexts.map((text, i) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: contexts are edited in place; their place is their identity here
          key={i}
          id={`ds-context-${i}`}
          label={t.context(i + 1)}
          name={`Context ${i + 1}`}
          value={text}
          rows={3}
          onChange={(value) => setContext(i, value)}
          actions={
            <button
              type="button"
              className="icon-btn danger"
              aria-label={t.removeContext(i + 1)}
              title={t.removeContext(i + 1)}
              onClick={() => patch({ contexts: draft.contexts.filter((_, k) => k !== i) })}
            >
              ×
            </button>
          }
        />
      ))}
      <button type="button" className="btn btn-quiet" aria-label={named("Add context")} onClick={() => patch({ contexts: [...draft.contexts, ""] })}>
        + {t.addContext}
      </button>
      <TextField
        id="ds-reference"
        label={t.fields.reference}
        name="Reference"
        value={draft.reference ?? ""}
        onChange={(reference) => patch({ reference })}
        rows={2}
      />
      {problem ? (
        <p className="note note-error" role="alert">
          {t.rowFailed(problem)}
        </p>
      ) : null}
      <div className="ds-actions">
        <button type="button" className="btn btn-primary" aria-label={named("Save row")} onClick={() => void save()}>
          {t.saveRow}
        </button>
        {editing !== "new" ? (
          <button type="button" className="btn danger" aria-label={named("Delete row")} onClick={() => void deleteRow(datasetId, editing)}>
            {t.deleteRow}
          </button>
        ) : null}
        <button type="button" className="btn btn-quiet" aria-label={named("Close row editor")} onClick={() => useDatasets.setState({ editing: null })}>
          {t.close}
        </button>
      </div>
    </section>
  );
}
