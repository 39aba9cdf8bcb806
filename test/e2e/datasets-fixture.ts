/**
 * A dataset CSV of n rows as a ragas user exports it (ragas column names; contexts a JSON list
 * cell), with Chinese in every question so search is tested on CJK text too.
 */
export function datasetCsv(n: number): string {
  const lines = ["id,user_input,response,retrieved_contexts,reference"];
  for (let i = 1; i <= n; i++) {
    const contexts = JSON.stringify([`Context ${i}a: the tower in city ${i} is ${i} m tall.`, `Context ${i}b, with "quotes", commas and 中文 ${i}.`]);
    const cells = [`q${i}`, `问题 ${i}: how tall is the tower in city ${i}?`, `Answer ${i}: it is ${i} metres tall.`, contexts, `Reference ${i}.`];
    lines.push(cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
