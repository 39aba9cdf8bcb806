import type { ChatAnswer } from "./chat";

/**
 * A careless endpoint that repeats the caller's key in its replies (a proxy's debug text, or a
 * model the key reached in its prompt): the key is written into every "reason" of a JSON reply,
 * or after a text reply. Whatever the client stores of replies then holds the key, unless it is
 * scrubbed first. Only successful chat replies are touched; the reply stays valid for its schema.
 */
export function withEchoedKey(answer: ChatAnswer, key: string): ChatAnswer {
  if (answer.status !== 200 || !key) return answer;
  const body = answer.body as { choices?: { message?: { content?: unknown } }[] };
  for (const choice of body.choices ?? []) {
    const message = choice.message;
    if (typeof message?.content === "string") message.content = echoed(message.content, key);
  }
  return answer;
}

function echoed(content: string, key: string): string {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return `${content} (key ${key})`;
  }
  const into = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(into);
    if (v && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === "reason" && typeof x === "string" ? `${x} (key ${key})` : into(x)]));
    }
    return v;
  };
  return JSON.stringify(into(value));
}
