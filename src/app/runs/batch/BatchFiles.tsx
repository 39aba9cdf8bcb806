import { useRef } from "react";
import { useBatchT } from "./messages";
import { downloadBatchFiles, uploadBatchResults } from "./batch-files-flow";
import type { RunForm } from "../run-actions";
import { useEnglishName } from "../../shared/i18n/accessible-name";

/** The download / upload flow: the round's batch input file out, the output file (JSONL) back in. */
export function BatchFiles({ datasetId, form }: { datasetId: string; form: RunForm }) {
  const named = useEnglishName();
  const t = useBatchT();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="runs-batch-files">
      <p className="field-hint">{t.filesHint}</p>
      <button type="button" className="btn btn-small" disabled={form.metrics.length === 0} onClick={() => void downloadBatchFiles(datasetId, form)}>
        {t.download}
      </button>{" "}
      <button type="button" className="btn btn-small" onClick={() => input.current?.click()}>
        {t.upload}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept=".jsonl,application/jsonl,text/plain"
        aria-label={named("Batch results file")}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length > 0) void uploadBatchResults(files);
        }}
      />
    </div>
  );
}
