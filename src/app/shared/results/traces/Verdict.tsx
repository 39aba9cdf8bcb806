/** A verdict as a mark plus words, so it reads without colour. */
export function Verdict({ ok, label }: { ok: boolean; label: string }) {
  return (
    <span className={ok ? "verdict verdict-yes" : "verdict verdict-no"}>
      <span aria-hidden="true">{ok ? "✓" : "✗"}</span> {label}
    </span>
  );
}
