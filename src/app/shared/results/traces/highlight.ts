/** A piece of a context: plain text between sentences, or one judged sentence. */
export interface Segment {
  text: string;
  relevant?: boolean;
}

/**
 * Finds the judged sentences, in order, inside the original context text, so the context can be
 * shown as written with its needed sentences marked (as text segments, never HTML). Returns null
 * when a sentence cannot be found verbatim; the caller then lists the sentences instead.
 */
export function segmentContext(text: string, sentences: readonly { text: string; relevant: 0 | 1 }[]): Segment[] | null {
  const out: Segment[] = [];
  let cursor = 0;
  for (const sentence of sentences) {
    const needle = sentence.text.trim();
    if (!needle) continue;
    const at = text.indexOf(needle, cursor);
    if (at < 0) return null;
    if (at > cursor) out.push({ text: text.slice(cursor, at) });
    out.push({ text: needle, relevant: sentence.relevant === 1 });
    cursor = at + needle.length;
  }
  if (cursor < text.length) out.push({ text: text.slice(cursor) });
  return out;
}
