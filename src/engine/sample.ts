import { z } from "zod";

/**
 * A sample as the engine sees it (DESIGN.md contract 2), in the strict, normalised shape reports
 * store: the importers accept more (no id, the ragas column names, list cells) and build this.
 * The type is inferred from the schema, so what is checked on read and what the code handles are
 * one shape.
 */
/** A tool call (contract 16): its arguments are any JSON object, compared by JSON deep equality. */
export const toolCallSchema = z.object({ name: z.string(), args: z.record(z.string(), z.unknown()) });
export type ToolCall = z.infer<typeof toolCallSchema>;

/** One turn of a conversation (contract 16); a system prompt is not a turn (importers drop it). */
export const messageSchema = z.object({
  role: z.enum(["user", "assistant", "tool"]),
  content: z.string(),
  toolCalls: z.array(toolCallSchema).optional(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * A conversation sample (contract 16) also carries these; its question and answer may be "" (the
 * importers fill them from the turns where they can), and metrics needing them say missing_input.
 */
const conversationFields = {
  messages: z.array(messageSchema).optional(),
  referenceToolCalls: z.array(toolCallSchema).optional(),
  referenceTopics: z.array(z.string()).optional(),
};

export const sampleSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  contexts: z.array(z.string()),
  reference: z.string().optional(),
  ...conversationFields,
  /** Retrieval ids (DESIGN.md contract 15): the retrieved contexts' ids in rank order (ragas `retrieved_context_ids`). */
  retrievedContextIds: z.array(z.string()).optional(),
  /** The relevant ids (ragas `reference_context_ids`). */
  referenceContextIds: z.array(z.string()).optional(),
  /** Graded relevance, id -> gain (0 = not relevant); a graded id's grade overrides the 1 a reference id gets. */
  referenceContextGrades: z.record(z.string(), z.number().finite().min(0)).optional(),
});

export type Sample = z.infer<typeof sampleSchema>;

/** The conversation fields: read from their own columns (storage/format/conversation.ts), not as text cells. */
type ConversationField = keyof typeof conversationFields;

/** A text field of a sample: what a file column maps to (storage/format/columns.ts lists a column for each). */
export type SampleField = Exclude<keyof Sample, ConversationField>;

/** The fields a custom judge may be shown (the id is a name, never an input; turns are not text). */
export const sampleInputSchema = z.enum(["question", "answer", "contexts", "reference"]);

/** The fields a metric may require: the text ones and the conversation ones. */
export type SampleInput = z.infer<typeof sampleInputSchema> | ConversationField;
