/**
 * Reading the reply schema out of a chat request: from response_format (structured output) or,
 * in JSON mode / plain text, from the schema the engine's format note quotes in the prompt.
 */

type Json = Record<string, unknown>;

const FORMAT_NOTE_MARKER = "matching this JSON Schema:";

export interface ChatMessageLike {
  role: string;
  content: string;
}

/** Chat content may be a string or an array of parts; the mock only needs the text. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (part && typeof part === "object" && typeof (part as Json).text === "string" ? (part as Json).text : "")).join("");
  }
  return "";
}

export function schemaInPrompt(messages: readonly ChatMessageLike[]): Json | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const text = messages[i]!.content;
    const at = text.lastIndexOf(FORMAT_NOTE_MARKER);
    if (at < 0) continue;
    try {
      const parsed = JSON.parse(text.slice(at + FORMAT_NOTE_MARKER.length).trim());
      if (parsed && typeof parsed === "object") return parsed as Json;
    } catch {
      // fall through to the title search
    }
  }
  return undefined;
}

export function titleInPrompt(messages: readonly ChatMessageLike[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const match = messages[i]!.content.match(/"title"\s*:\s*"([^"]+)"/);
    if (match) return match[1];
  }
  return undefined;
}

/** The user text a brain should read: the first user message without the format note. */
export function brainUserText(messages: readonly ChatMessageLike[]): string {
  const first = messages.find((m) => m.role === "user")?.content ?? "";
  const at = first.lastIndexOf("\n\nReply with one JSON object");
  return at >= 0 ? first.slice(0, at) : first;
}

function resolveRef(ref: string, root: Json): Json | undefined {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) node = node && typeof node === "object" ? (node as Json)[part] : undefined;
  return node && typeof node === "object" ? (node as Json) : undefined;
}

/** The smallest value that satisfies a (strict-mode style) JSON Schema. */
export function minimalValue(schema: Json | undefined, root: Json | undefined = schema, depth = 0): unknown {
  if (!schema || depth > 20) return null;
  if (typeof schema.$ref === "string") return minimalValue(resolveRef(schema.$ref, root ?? schema), root, depth + 1);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return minimalValue(options[0] as Json, root, depth + 1);
  }
  let type = schema.type;
  if (Array.isArray(type)) type = type.find((t) => t !== "null") ?? type[0];
  if (type === undefined && schema.properties) type = "object";
  switch (type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : Object.keys(properties);
      const out: Json = {};
      for (const key of required) out[key] = minimalValue(properties[key], root, depth + 1);
      return out;
    }
    case "array": {
      const count = typeof schema.minItems === "number" ? schema.minItems : 0;
      return Array.from({ length: count }, () => minimalValue(schema.items as Json, root, depth + 1));
    }
    case "string":
      return "x".repeat(typeof schema.minLength === "number" ? schema.minLength : 0);
    case "number":
    case "integer": {
      if (typeof schema.minimum === "number") return schema.minimum;
      if (typeof schema.exclusiveMinimum === "number") return schema.exclusiveMinimum + 1;
      if (typeof schema.maximum === "number" && schema.maximum < 0) return schema.maximum;
      return 0;
    }
    case "boolean":
      return false;
    default:
      return null;
  }
}
