import { useState } from "react";
import type { Report } from "../../../storage/format/report-schema";
import { MAX_LINK_CHARS, makeShareLink, type ShareLink } from "./exports";
import { useReportsT } from "./messages";
import { secretsInUse } from "./secrets";
import { useEnglishName } from "../i18n/accessible-name";

const appBase = () => `${location.origin}${location.pathname}`;

/** "Create share link": the report in the URL fragment, optionally under a password; a summary-only link when too long. */
export function ShareLinkPanel({ report }: { report: Report }) {
  const named = useEnglishName();
  const t = useReportsT();
  const [password, setPassword] = useState("");
  const [link, setLink] = useState<ShareLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");

  const create = async (summary: boolean) => {
    setBusy(true);
    setNote("");
    try {
      setLink(await makeShareLink(report, secretsInUse(), appBase(), { password, summaryOnly: summary }));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setNote(t.copied);
    } catch {
      setNote(t.copyFailed);
    }
  };

  return (
    <div className="share-link">
      <label>
        {t.sharePassword}
        <input
          type="password"
          aria-label={named("Share password")}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="button" className="btn btn-small" aria-label={named("Create share link")} disabled={busy} onClick={() => void create(false)}>
        {t.createLink}
      </button>
      {link?.fits ? (
        <div className="share-result">
          <input type="text" readOnly aria-label={named("Share link")} value={link.url} onFocus={(e) => e.target.select()} />
          <button type="button" className="btn btn-small" aria-label={named("Copy link")} onClick={() => void copy()}>
            {t.copy}
          </button>
          <p className="muted" data-testid="link-length">
            {link.summaryOnly ? `${t.summaryLinkNote} ` : ""}
            {t.linkMade(link.url.length, link.encrypted)}
          </p>
        </div>
      ) : null}
      {link && !link.fits ? (
        <div className="note note-warn" role="alert">
          <p>{link.summaryOnly ? t.summaryTooLong : t.linkTooLong(link.url.length, MAX_LINK_CHARS)}</p>
          {!link.summaryOnly && !report.tracesOmitted ? (
            <button type="button" className="btn btn-small" aria-label={named("Create summary-only link")} disabled={busy} onClick={() => void create(true)}>
              {t.summaryLink}
            </button>
          ) : null}
        </div>
      ) : null}
      {note ? <p className="muted">{note}</p> : null}
    </div>
  );
}
