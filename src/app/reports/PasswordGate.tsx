import { useState } from "react";
import { useReportsT } from "../shared/report-exports/messages";
import { useEnglishName } from "../shared/i18n/accessible-name";

/** Asks for a protected link's password; the link is decrypted only in this browser. */
export function PasswordGate({ busy, onOpen }: { busy: boolean; onOpen: (password: string) => void }) {
  const named = useEnglishName();
  const t = useReportsT();
  const [password, setPassword] = useState("");
  return (
    <form
      className="password-gate"
      onSubmit={(e) => {
        e.preventDefault();
        onOpen(password);
      }}
    >
      <p>{t.linkNeedsPassword}</p>
      <label>
        {t.linkPassword}
        <input
          type="password"
          aria-label={named("Share password")}
          required
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-small" aria-label={named("Open link")} disabled={busy || password === ""}>
        {busy ? t.opening : t.openLink}
      </button>
    </form>
  );
}
