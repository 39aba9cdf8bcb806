import { useT } from "../i18n";

/**
 * The start of a text and, when that is not all of it, its length. A table cell that lays out a
 * 1 MiB unbroken string freezes the tab (the browser measures all of it), so previews and tables
 * never put more than `max` characters in the DOM; the row editor shows the whole text.
 */
const PREVIEW_CHARS = 300;

function clipText(text: string, max = PREVIEW_CHARS): { head: string; clipped: boolean } {
  if (text.length <= max) return { head: text, clipped: false };
  // Never cut a surrogate pair in two (an emoji or a rare CJK character would show as garbage).
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return { head: text.slice(0, end), clipped: true };
}

export function LongText({ text, max = PREVIEW_CHARS, oneLine = false }: { text: string; max?: number; oneLine?: boolean }) {
  const t = useT();
  const { head, clipped } = clipText(text, max);
  const shown = oneLine ? head.replace(/\s+/g, " ") : head;
  if (!clipped) return <>{shown}</>;
  return (
    <>
      {shown}… <span className="field-hint long-text-length">{t.app.characters(text.length)}</span>
    </>
  );
}
