import { useStudioT } from "./messages";
import type { Notice } from "./state/store";

/** A one-line result of the last action; errors are announced at once, the rest politely. */
export function NoticeLine({ notice, className = "" }: { notice: Notice; className?: string }) {
  const t = useStudioT();
  return (
    <p
      className={`studio-notice ${notice?.kind === "error" ? "note note-error" : notice ? "note" : ""} ${className}`}
      role={notice?.kind === "error" ? "alert" : "status"}
    >
      {notice?.text(t) ?? ""}
    </p>
  );
}
