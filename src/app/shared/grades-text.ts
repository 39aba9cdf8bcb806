import { z } from "zod";

/**
 * The playground's "Relevance grades" field (contract 15's `referenceContextGrades`, id -> gain):
 * `id: grade` (or `id = grade`) one per line or comma-separated, or a JSON object `{"d1": 3}` pasted
 * from a dataset. The id is everything before the last `:` or `=`, so ids such as `doc:7` keep theirs.
 * A problem names the entry (1-based, as typed) and what is wrong, so the form can say it in either
 * language; nothing is guessed.
 */
export type GradesProblem =
  | { kind: "shape"; entry: number; text: string }
  | { kind: "grade"; entry: number; id: string; text: string }
  | { kind: "duplicate"; entry: number; id: string }
  | { kind: "json"; key: string | null };

export type GradesParse = { ok: true; grades: Record<string, number> } | { ok: false; problem: GradesProblem };

/** A grade as typed: a plain non-negative decimal (no sign, no hex, no "Infinity"). */
const gradeText = z
  .string()
  .trim()
  .regex(/^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/)
  .transform(Number)
  .pipe(z.number().finite().min(0));

const gradeEntry = z.object({ id: z.string().trim().min(1), grade: gradeText });

/** The same rule as a dataset's grades column: a record of finite grades >= 0. */
const gradesObject = z.record(z.string(), z.number().finite().min(0));

export function parseGradesText(text: string | undefined): GradesParse {
  const trimmed = (text ?? "").trim();
  if (trimmed.startsWith("{")) return parseJsonGrades(trimmed);
  const grades: Record<string, number> = {};
  const entries = trimmed.split(/[\n,]/).map((e) => e.trim());
  let entry = 0;
  for (const raw of entries) {
    if (raw === "") continue;
    entry++;
    const split = /^(.*)[:=]([^:=]*)$/.exec(raw);
    if (!split) return { ok: false, problem: { kind: "shape", entry, text: raw } };
    const parsed = gradeEntry.safeParse({ id: split[1], grade: split[2] });
    if (!parsed.success) {
      const id = split[1]!.trim();
      return { ok: false, problem: id === "" ? { kind: "shape", entry, text: raw } : { kind: "grade", entry, id, text: split[2]!.trim() } };
    }
    if (Object.hasOwn(grades, parsed.data.id)) return { ok: false, problem: { kind: "duplicate", entry, id: parsed.data.id } };
    grades[parsed.data.id] = parsed.data.grade;
  }
  return { ok: true, grades };
}

function parseJsonGrades(text: string): GradesParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: { kind: "json", key: null } };
  }
  const parsed = gradesObject.safeParse(value);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    return { ok: false, problem: { kind: "json", key: typeof key === "string" ? key : null } };
  }
  const grades: Record<string, number> = {};
  for (const [id, grade] of Object.entries(parsed.data)) if (id.trim() !== "") grades[id.trim()] = grade;
  return { ok: true, grades };
}

/** The grades as the field shows them, one `id: grade` per line (a loaded sample's, a restored draft's). */
export function gradesToText(grades: Readonly<Record<string, number>> | undefined): string {
  return Object.entries(grades ?? {})
    .map(([id, grade]) => `${id}: ${grade}`)
    .join("\n");
}
