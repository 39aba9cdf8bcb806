import type { MetricResult } from "../../../engine";
import { useT } from "../i18n";

/**
 * Why a score is null: its code, what the code means in the UI language, then the engine's or the
 * server's own message, kept as written (a report is read in either language). `detail` stands in
 * for the message (the playground's "the error is above"). Each is a text of its own (the colon
 * too, in the language's form), so each is one catalogue string or the message as written.
 */
export function NullReason({ error, detail }: { error: NonNullable<MetricResult["error"]>; detail?: string }) {
  const t = useT();
  const said = detail ?? error.message;
  return (
    <p className="null-reason">
      <code>{error.code}</code> <span className="null-meaning">{t.results.nullMeaning[error.code]}</span>
      {said ? (
        <>
          {t.app.colon}
          <span className="null-detail">{said}</span>
        </>
      ) : null}
    </p>
  );
}
