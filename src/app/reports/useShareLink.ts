import { useCallback, useEffect, useState } from "react";
import { linkBodyOf, linkNeedsPassword } from "../../storage/format/share-link";
import { openReportLink, type OpenOutcome } from "./open-report";

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
        onOutcome(await openReportLink(body, password, linkName));
      } finally {
        setBusy(false);
      }
    },
    [body, onOutcome, linkName],
  );

  const needsPassword = body !== undefined && linkNeedsPassword(body);
  // A plain link opens by itself; a protected one waits for its password.
  useEffect(() => {
    if (body !== undefined && !needsPassword) void open();
  }, [body, needsPassword, open]);

  return { hasLink: body !== undefined, needsPassword, busy, open };
}
