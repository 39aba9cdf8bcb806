import { useT } from "../shared/i18n";
import { useApp } from "../shared/store";
import { parseGradesText } from "../shared/grades-text";
import { ContextList } from "./ContextList";
import { ConversationFields } from "./ConversationFields";
import { ExampleBar } from "./ExampleBar";
import { TextField } from "../shared/ui/Field";
import { MetricPicker } from "./MetricPicker";
import { ScoreBar } from "./ScoreBar";

/** The left column: the sample (contract-7 fields), the metrics, and Score. */
export function SampleForm() {
  const t = useT();
  const question = useApp((s) => s.draft.question);
  const answer = useApp((s) => s.draft.answer);
  const reference = useApp((s) => s.draft.reference);
  const retrievedIds = useApp((s) => s.draft.retrievedIds ?? "");
  const relevantIds = useApp((s) => s.draft.relevantIds ?? "");
  const relevantGrades = useApp((s) => s.draft.relevantGrades ?? "");
  const graded = parseGradesText(relevantGrades);
  const setField = useApp((s) => s.setField);
  return (
    <section className="panel sample-panel" aria-labelledby="sample-title">
      <div className="panel-head">
        <h2 id="sample-title">{t.sample.title}</h2>
        <ExampleBar />
      </div>
      <form className="sample-form" onSubmit={(event) => event.preventDefault()}>
        <TextField id="question" label={t.sample.question} name="Question" value={question} rows={2} onChange={(v) => setField("question", v)} />
        <TextField id="answer" label={t.sample.answer} name="Answer" value={answer} rows={4} onChange={(v) => setField("answer", v)} />
        <ContextList />
        <TextField
          id="reference"
          label={t.sample.reference}
          name="Reference"
          hint={t.sample.optional}
          value={reference}
          rows={3}
          onChange={(v) => setField("reference", v)}
        />
        <div className="sample-ids">
          <TextField
            id="retrieved-ids"
            label={t.sample.retrievedIds}
            name="Retrieved ids"
            hint={t.sample.idsHint}
            value={retrievedIds}
            rows={2}
            onChange={(v) => setField("retrievedIds", v)}
          />
          <TextField
            id="relevant-ids"
            label={t.sample.relevantIds}
            name="Relevant ids"
            hint={t.sample.idsHint}
            value={relevantIds}
            rows={2}
            onChange={(v) => setField("relevantIds", v)}
          />
          <TextField
            id="relevant-grades"
            label={t.sample.relevantGrades}
            name="Relevance grades"
            hint={t.sample.gradesHint}
            value={relevantGrades}
            rows={2}
            placeholder={t.sample.gradesPlaceholder}
            error={graded.ok ? undefined : t.sample.gradesProblem(graded.problem)}
            onChange={(v) => setField("relevantGrades", v)}
          />
        </div>
        <ConversationFields />
        <MetricPicker />
        <ScoreBar />
      </form>
    </section>
  );
}
