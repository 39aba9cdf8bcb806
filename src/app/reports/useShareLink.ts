import { useCallback, useEffect, useState } from "react";
import { linkBodyOf, linkNeedsPassword } from "../../storage/format/share-link";
import { openReportLink, type OpenOutcome } from "./open-report";

/**
 * The link body opened last in this page: the view remounts after every view switch, and must not
 * open the same link again over whatever the user opened since.
 */
let openedBody: string | undefined;

/** The share link in the address bar (if any), re-read when the fragment changes. */
export function useShareLink(onOutcome: (outcome: OpenOutcome) => void, linkName: string) {
  const [body, setBody] = useState<string | undefined>(() => linkBodyOf(location.hash));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const onHash = () => setBody(linkBodyOf(location.hash));
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);

  const open = useCallback(
    async (password?: string) => {
      if (body === undefined) return;
      setBusy(true);
      try {
        const outcome = await openReportLink(body, password, linkName);
        if (outcome.ok) openedBody = body;
        onOutcome(outcome);
      } finally {
        setBusy(false);
      }
    },
    [body, onOutcome, linkName],
  );

  const needsPassword = body !== undefined && linkNeedsPassword(body);
  // A plain link opens by itself; a protected one waits for its password.
  useEffect(() => {
    if (body !== undefined && !needsPassword && body !== openedBody) void open();
  }, [body, needsPassword, open]);

  return { hasLink: body !== undefined, needsPassword: needsPassword && body !== openedBody, busy, open };
}
