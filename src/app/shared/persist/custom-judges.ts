import { create } from "zustand";
import { type CustomJudge, type CustomJudgeInput, customJudgeSchema, freeSlug } from "../../../engine";
import { deleteCustomJudge, listCustomJudges, saveCustomJudges } from "../../../storage/db/custom-judges";
import { appDb } from "./db";

/**
 * The user's judges (`custom:<slug>`) as the app sees them: written in the studio, picked in the
 * playground and the run form. IndexedDB holds them with their versions; without storage they
 * live in memory for the session.
 */
interface JudgesState {
  judges: CustomJudge[];
  loaded: boolean;
}

export const useCustomJudges = create<JudgesState>(() => ({ judges: [], loaded: false }));

const byName = (list: CustomJudge[]) => [...list].sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));

/** The database, or null where this browser (or test) has no IndexedDB: judges then live in memory. */
async function judgesDb() {
  try {
    return await appDb();
  } catch {
    return null;
  }
}

export async function loadCustomJudges(): Promise<CustomJudge[]> {
  const db = await judgesDb();
  const judges = db ? (await listCustomJudges(db)).judges : useCustomJudges.getState().judges;
  useCustomJudges.setState({ judges, loaded: true });
  return judges;
}

/**
 * Saves one judge (a changed definition becomes its next version) and returns it as stored.
 * `asNew`: a new judge, which takes the next free slug if another judge holds its own (see saveCustomJudges).
 */
export async function saveCustomJudge(input: CustomJudgeInput, options: { asNew?: boolean } = {}): Promise<CustomJudge> {
  const db = await judgesDb();
  const [saved] = db ? await saveCustomJudges(db, [input], options) : [];
  const taken = useCustomJudges.getState().judges.map((j) => j.slug);
  const inMemory = () => customJudgeSchema.parse(options.asNew && taken.includes(input.slug) ? { ...input, slug: freeSlug(input.name, taken) } : input);
  const judge = saved ?? inMemory();
  useCustomJudges.setState((s) => ({ judges: byName([...s.judges.filter((j) => j.slug !== judge.slug), judge]) }));
  return judge;
}

export async function removeCustomJudge(slug: string): Promise<void> {
  const db = await judgesDb();
  if (db) await deleteCustomJudge(db, slug);
  useCustomJudges.setState((s) => ({ judges: s.judges.filter((j) => j.slug !== slug) }));
}

/** Names shown in place of ids (cards, pickers, the explorer). */
export function judgeNamesOf(judges: readonly CustomJudge[]): Record<string, string> {
  return Object.fromEntries(judges.map((j) => [`custom:${j.slug}`, j.name]));
}
