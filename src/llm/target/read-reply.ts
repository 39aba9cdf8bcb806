import type { JsonValue, Target } from "../../engine/target/target-schema";
import { jsonLineEvents, sseEvents } from "../../engine/target/stream-events";
import type { ToolCall } from "../../engine/sample";
import { PathError, pick, pickAnswer, pickList } from "./pick-paths";
import { pickToolCalls } from "./pick-tool-calls";

/** What the target's paths picked in one reply. */
export interface Picked {
  answer: string;
  contexts: string[];
  contextIds?: string[];
  toolCalls?: ToolCall[];
}

/** The reply's body is not what the target file says it is (not JSON, an empty stream). */
export class ReplyShapeError extends Error {
  override name = "ReplyShapeError";
}

type Paths = Pick<Target, "answer" | "contexts" | "contextIds" | "toolCalls" | "stream">;

/** Reads a reply's text with the target's paths; throws PathError or ReplyShapeError with a sentence. */
export function readReply(text: string, target: Paths): Picked {
  return target.stream ? readStream(text, target) : readJson(text, target);
}

function readJson(text: string, target: Paths): Picked {
  let reply: JsonValue;
  try {
    reply = JSON.parse(text) as JsonValue;
  } catch {
    throw new ReplyShapeError(`the reply is not JSON (it starts ${JSON.stringify(text.slice(0, 60))})`);
  }
  return {
    answer: pickAnswer(reply, target.answer),
    contexts: target.contexts ? pickList(reply, target.contexts, "contexts") : [],
    ...(target.contextIds ? { contextIds: pickList(reply, target.contextIds, "contextIds") } : {}),
    ...(target.toolCalls ? { toolCalls: pickToolCalls(reply, target.toolCalls) } : {}),
  };
}

/**
 * A streamed reply: every event's data is read as JSON (a bare text token as a JSON string, so the
 * path "$" picks it); the answer joins the text the answer path picks in each event; contexts and
 * ids come from the last event where their path matched.
 */
function readStream(text: string, target: Paths): Picked {
  const events = (target.stream === "sse" ? sseEvents(text) : jsonLineEvents(text)).map((e) => parseLoose(e.data));
  if (events.length === 0) throw new ReplyShapeError("the streamed reply held no event");
  const pieces = events.flatMap((event) => pick(event, target.answer).filter((v): v is string => typeof v === "string"));
  if (pieces.length === 0) throw new PathError(`answer path ${target.answer} matched no text in any of the ${events.length} events`);
  const lastMatch = (path: string, field: "contexts" | "contextIds") => {
    const event = events.findLast((e) => pick(e, path).length > 0);
    if (event === undefined) throw new PathError(`${field} path ${path} matched nothing in any of the ${events.length} events`);
    return pickList(event, path, field);
  };
  return {
    answer: pieces.join(""),
    contexts: target.contexts ? lastMatch(target.contexts, "contexts") : [],
    ...(target.contextIds ? { contextIds: lastMatch(target.contextIds, "contextIds") } : {}),
    // Calls may come in any event (a streamed assistant turn announces them as it goes): all of them, in order.
    ...(target.toolCalls ? { toolCalls: events.flatMap((e) => pickToolCalls(e, target.toolCalls!)) } : {}),
  };
}

function parseLoose(data: string): JsonValue {
  try {
    return JSON.parse(data) as JsonValue;
  } catch {
    return data;
  }
}
