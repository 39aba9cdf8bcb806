import type { DatasetRow } from "../../storage/db/datasets";

/** The text a search looks through: id, question, answer, every context and the reference. */
function haystack(row: DatasetRow): string {
  const s = row.sample;
  return [s.id, s.question, s.answer, ...s.contexts, s.reference ?? ""].join("\n").toLocaleLowerCase();
}

const cache = new WeakMap<DatasetRow, string>();

/**
 * Rows containing every word of the query (case-insensitive). Chinese has no spaces between
 * words, so a Chinese query is one term and matches as a substring, which is what people expect.
 */
export function searchRows(rows: readonly DatasetRow[], query: string): readonly DatasetRow[] {
  const terms = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return rows;
  return rows.filter((row) => {
    let text = cache.get(row);
    if (text === undefined) {
      text = haystack(row);
      cache.set(row, text);
    }
    return terms.every((term) => text.includes(term));
  });
}
