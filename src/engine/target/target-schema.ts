import { z } from "zod";

/**
 * The target file (DESIGN.md contract 13): how to ask the user's RAG system one question. The
 * body is JSON with "{{question}}" (and "{{messages}}" for a conversation) where the sample goes;
 * the reply is read with RFC 9535 JSONPath expressions. Header values written `${NAME}` are read
 * from an environment handed in (target-headers.ts), so the file itself holds no secret.
 */

/** A JSON value, as the body template is written (zod's own JSON schema, so the type is inferred). */
const jsonSchema = z.json();
export type JsonValue = z.infer<typeof jsonSchema>;

/** JSONPath expressions start at the root; the full grammar is checked where the path is used (llm/target). */
const jsonPath = z.string().trim().startsWith("$", { message: 'a JSONPath starts with "$" (e.g. $.data.answer)' });

const httpUrl = z
  .string()
  .trim()
  .refine((raw) => /^https?:\/\//i.test(raw) && URL.canParse(raw.replaceAll("{{question}}", "q")), { message: "an http:// or https:// URL" });

/** Placeholders the body may hold; any other `{{name}}` is a typo worth stopping for. */
const PLACEHOLDERS = ["question", "messages"] as const;

export const targetSchema = z
  .object({
    url: httpUrl,
    method: z.enum(["POST", "PUT", "GET"]).default("POST"),
    headers: z.record(z.string().min(1), z.string()).default({}),
    /** Absent for GET (the question then goes in the URL as {{question}}). */
    body: jsonSchema.optional(),
    answer: jsonPath,
    contexts: jsonPath.optional(),
    contextIds: jsonPath.optional(),
    /** The reply's tool calls: a list of `{ name, args }` or OpenAI's `{ function: { name, arguments } }`. */
    toolCalls: jsonPath.optional(),
    /**
     * A streaming reply: server-sent events or JSON lines. Each event is read as JSON; the answer
     * is the text the answer path picks in every event, joined; contexts and ids come from the
     * (last) event where their path matches.
     */
    stream: z.enum(["sse", "jsonl"]).optional(),
    /** Per attempt; default 60 s. */
    timeoutMs: z.number().int().min(1).max(600_000).optional(),
    /** Retries on 429, 5xx, a timeout or a network failure; default 3. */
    retries: z.number().int().min(0).max(10).optional(),
  })
  .superRefine((target, ctx) => {
    const used = placeholdersIn(target.body ?? null, target.url);
    for (const name of used) {
      if (!(PLACEHOLDERS as readonly string[]).includes(name)) {
        ctx.addIssue({ code: "custom", path: ["body"], message: `unknown placeholder {{${name}}} (expected {{question}} or {{messages}})` });
      }
    }
    if (!used.has("question") && !used.has("messages")) {
      ctx.addIssue({
        code: "custom",
        path: ["body"],
        message: "neither the body nor the URL holds {{question}} or {{messages}}: every sample would ask the same",
      });
    }
    if (target.method === "GET" && target.body !== undefined) {
      ctx.addIssue({ code: "custom", path: ["body"], message: "a GET request has no body: put {{question}} in the URL" });
    }
  });

/** The target as written in the file (method, headers optional). */
export type TargetInput = z.input<typeof targetSchema>;
/** The target once read (defaults filled in). */
export type Target = z.output<typeof targetSchema>;

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g;

/** Every `{{name}}` in the body's strings (keys included) and the URL. */
function placeholdersIn(body: JsonValue, url: string): Set<string> {
  const names = new Set<string>();
  const scan = (text: string) => {
    for (const m of text.matchAll(PLACEHOLDER)) names.add(m[1]!);
  };
  const walk = (value: JsonValue): void => {
    if (typeof value === "string") scan(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        scan(k);
        walk(v);
      }
    }
  };
  walk(body);
  scan(url);
  return names;
}

/** One issue of a target file, as `url: an http:// or https:// URL`. */
export function describeTargetIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length > 0 ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; ");
}
