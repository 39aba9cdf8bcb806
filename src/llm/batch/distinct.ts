import type { PendingCall } from "../../engine/run/batch-plan";
import { canonicalJson, sha256Hex } from "../../engine/text/sha256";
import type { TransportConfig } from "../config";
import { type BatchInputLine, inputLine, type LineRequest } from "./lines";

/**
 * One line per distinct request: rows that share an answer or contexts ask the very same request
 * (the same body, which is what the sync run's reply cache keys on), and a batch must not pay for
 * it once per row. A request only one call asks keeps that call's readable custom_id; a request
 * several calls ask goes once, under an id made of its body, so any later pass (after a restart
 * too) finds its reply from the request alone, with nothing more to store.
 */

/** The id of a line several calls share: its endpoint and body, hashed (64 characters at most, no colon). */
function sharedLineId(line: Pick<BatchInputLine, "url" | "body">): string {
  return `req_${sha256Hex(canonicalJson({ url: line.url, body: line.body })).slice(0, 40)}`;
}

/** The id a call's reply may have come back under when it shared its line. */
export function sharedIdOf(call: LineRequest, config: TransportConfig): string {
  return sharedLineId(inputLine(call, config));
}

/** A round's lines: each distinct request once, in the pending calls' (stable) order. */
export function distinctLines(pending: readonly PendingCall[], config: TransportConfig): BatchInputLine[] {
  const groups = new Map<string, BatchInputLine[]>();
  for (const call of pending) {
    const line = inputLine(call, config);
    const id = sharedLineId(line);
    const group = groups.get(id);
    if (group) group.push(line);
    else groups.set(id, [line]);
  }
  return [...groups].map(([id, group]) => (group.length === 1 ? group[0]! : { ...group[0]!, custom_id: id }));
}
