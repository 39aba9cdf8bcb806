import { z } from "zod";
import { sampleInputSchema } from "../../sample";
import type { CustomMetricId } from "../definition";

/**
 * A judge the user writes (contract 11, the prompt studio's "New judge"): a name, a definition in
 * their words, the inputs it sees, a scale, and how many votes to take. Stored in prompt sets and
 * reports; every place that reads one parses it with this schema.
 */

const CUSTOM_PREFIX = "custom:";
export const MAX_STRICTNESS = 9;

const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
const level = z.string().trim().min(1, "every rubric level needs a description");

export const customJudgeSchema = z
  .strictObject({
    /** The id is `custom:<slug>`: lower-case letters and digits, words joined by - or _. */
    slug: z.string().max(64).regex(SLUG, "a slug is lower-case letters and digits, words joined by - or _ (e.g. politeness, cites-sources)"),
    name: z.string().trim().min(1, "a judge needs a name").max(120),
    /** What the judge checks, in the user's words; it becomes the heart of the judge's instruction. */
    definition: z.string().trim().min(1, "a judge needs a definition").max(4000),
    /** The sample fields the judge is shown (and without which it cannot run). */
    inputs: z
      .array(sampleInputSchema)
      .min(1, "a judge must see at least one input")
      .refine((list) => new Set(list).size === list.length, "an input is listed twice"),
    scale: z.enum(["binary", "rubric"]),
    /** Rubric only: what a 1, 2, 3, 4 and 5 mean. */
    levels: z.tuple([level, level, level, level, level]).optional(),
    /** k: how many votes (independent calls) decide the score. */
    strictness: z.number().int().min(1).max(MAX_STRICTNESS).default(1),
    /** Bumped by the studio on every saved edit; part of what the report records. */
    version: z.number().int().min(1).default(1),
  })
  .superRefine((judge, issues) => {
    if (judge.scale === "rubric" && !judge.levels)
      issues.addIssue({ code: "custom", path: ["levels"], message: "a rubric judge needs a description for each level 1 to 5" });
    if (judge.scale === "binary" && judge.levels) issues.addIssue({ code: "custom", path: ["levels"], message: "a binary judge has no rubric levels" });
  });

export type CustomJudge = z.output<typeof customJudgeSchema>;
export type CustomJudgeInput = z.input<typeof customJudgeSchema>;

export function isCustomId(id: string): id is CustomMetricId {
  return id.startsWith(CUSTOM_PREFIX) && SLUG.test(id.slice(CUSTOM_PREFIX.length));
}

export function customId(judge: Pick<CustomJudge, "slug">): CustomMetricId {
  return `${CUSTOM_PREFIX}${judge.slug}`;
}

/** A slug from a name: "Cites its sources!" -> "cites-its-sources"; non-Latin names fall back to "judge". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
  return slug || "judge";
}

/**
 * A new judge's slug: its name's, or with -2, -3 ... when another judge has it. Slugs key a judge's
 * versions, so a new "引用来源" (slug "judge", as every name without Latin letters) must not become
 * version 2 of "礼貌" and hide it.
 */
export function freeSlug(name: string, taken: Iterable<string>): string {
  const base = slugify(name);
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const slug = `${base.slice(0, 64 - suffix.length).replace(/[-_]+$/, "")}${suffix}`;
    if (!used.has(slug)) return slug;
  }
}
