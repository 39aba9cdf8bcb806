/**
 * A ragas CSV of a given size, written the way pandas writes a list column (Python list literals,
 * escapes and doubled quotes included), built in memory at test time: a 50 MB file has no place
 * in git. `badRow` (spreadsheet numbering, header = 1) gets a contexts cell whose list never closes.
 */
const CONTEXT = `Context {k} of row {i}: it\\'s a passage with ""quotes"", commas, and a newline\\n escaped the way Python\\'s repr writes it. `.repeat(3);
const ROW = `{i},Question number {i}?,"Answer number {i}, with a comma.","[${[0, 1, 2].map((k) => `'${CONTEXT.replaceAll("{k}", String(k))}'`).join(", ")}]",Reference {i}\n`;
const ROW_PARTS = ROW.split("{i}");
const BAD_ROW = `{i},Question number {i}?,Answer,"['unclosed, ""oops""",Reference\n`.split("{i}");

/** The contexts row `i` (1-based data row) reads back to. */
export function bigCsvContexts(i: number): string[] {
  return [0, 1, 2].map((k) =>
    CONTEXT.replaceAll("{k}", String(k)).replaceAll("{i}", String(i)).replaceAll("\\'", "'").replaceAll('""', '"').replaceAll("\\n", "\n"),
  );
}

export function bigRagasCsv(opts: { rows?: number; bytes?: number; badRow?: number }): { bytes: Uint8Array; rows: number } {
  const rows = opts.rows ?? Math.ceil((opts.bytes ?? 0) / ROW.length);
  const parts = [",user_input,response,retrieved_contexts,reference\n"];
  for (let i = 1; i <= rows; i++) parts.push((i + 1 === opts.badRow ? BAD_ROW : ROW_PARTS).join(String(i)));
  return { bytes: new TextEncoder().encode(parts.join("")), rows };
}
