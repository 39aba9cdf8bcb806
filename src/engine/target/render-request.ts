import type { JsonValue, Target } from "./target-schema";

/**
 * Fills a target's body template with one sample. Substitution happens on the parsed JSON, never
 * on its text: a question holding quotes, backslashes or newlines cannot break the body or add a
 * field to it. A string that is exactly "{{question}}" becomes the question; exactly
 * "{{messages}}" becomes the messages array (a JSON array, not a string); a placeholder inside a
 * longer string is replaced there as text ("Q: {{question}}"), and so in object keys.
 */

/** One turn of a conversation as sent to a target (OpenAI chat shape). */
interface TargetMessage {
  role: "user" | "assistant" | "system" | "tool";
  content: string;
}

export interface TargetInputs {
  question: string;
  /**
   * The conversation so far (the last one being the user turn asked). Absent for a one-question
   * sample: {{messages}} is then that question as the one user turn, so a chat-shaped target that
   * reads only the messages is asked the question, not an empty conversation.
   */
  messages?: readonly TargetMessage[];
}

const WHOLE = /^\{\{\s*(question|messages)\s*\}\}$/;
const INSIDE = /\{\{\s*(question|messages)\s*\}\}/g;

export function renderBody(template: JsonValue, inputs: TargetInputs): JsonValue {
  const messages = (inputs.messages ?? [{ role: "user", content: inputs.question }]).map((m) => ({ role: m.role, content: m.content }));
  const textOf = (name: string) => (name === "question" ? inputs.question : JSON.stringify(messages));
  const fill = (value: JsonValue): JsonValue => {
    if (typeof value === "string") {
      const whole = WHOLE.exec(value);
      if (whole) return whole[1] === "question" ? inputs.question : messages;
      return value.replace(INSIDE, (_, name: string) => textOf(name));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(INSIDE, (_, name: string) => textOf(name)), fill(v)]));
    }
    return value;
  };
  return fill(template);
}

/** The URL with {{question}} percent-encoded into it (a GET target's query string). */
function renderUrl(url: string, inputs: TargetInputs): string {
  return url.replace(INSIDE, (_, name: string) =>
    encodeURIComponent(name === "question" ? inputs.question : JSON.stringify(inputs.messages ?? [{ role: "user", content: inputs.question }])),
  );
}

/** The request for one sample: URL, method, headers (already resolved) and the body text. */
export interface TargetRequest {
  url: string;
  method: Target["method"];
  headers: Record<string, string>;
  body?: string;
}

export function renderRequest(target: Target, headers: Record<string, string>, inputs: TargetInputs): TargetRequest {
  const withType = target.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type");
  return {
    url: renderUrl(target.url, inputs),
    method: target.method,
    headers: withType ? { ...headers, "content-type": "application/json" } : { ...headers },
    ...(target.body !== undefined ? { body: JSON.stringify(renderBody(target.body, inputs)) } : {}),
  };
}
