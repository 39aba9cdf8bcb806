/**
 * A streamed reply, split into its events' payloads (the text of each event, before JSON parsing).
 * Server-sent events as the WHATWG spec reads them: lines "field: value", an event ends at a blank
 * line, several data lines join with "\n", comments (":") and other fields are skipped. JSON lines:
 * one payload per non-blank line. The OpenAI-style "[DONE]" sentinel is not an event.
 */

export interface StreamEvent {
  /** The SSE event name ("message" when none was given; always "message" for JSON lines). */
  name: string;
  data: string;
}

export function sseEvents(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  let data: string[] = [];
  let name = "message";
  const dispatch = () => {
    if (data.length > 0) {
      const joined = data.join("\n");
      if (joined.trim() !== "[DONE]") events.push({ name, data: joined });
    }
    data = [];
    name = "message";
  };
  for (const line of text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)) {
    if (line === "") {
      dispatch();
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") name = value;
  }
  // A stream that ends without its final blank line still delivered its last event.
  dispatch();
  return events;
}

export function jsonLineEvents(text: string): StreamEvent[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && line !== "[DONE]")
    .map((data) => ({ name: "message", data }));
}
