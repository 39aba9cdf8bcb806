import { urlSecrets } from "../engine/text/url-secrets";
import { scrubSecrets } from "../storage/format/redact";

/**
 * The run's secrets: the API key and whatever credentials the base URL carries (?api-key=,
 * ?key=, user:password@). One list for everything the CLI writes (the report, the journal, the
 * reply cache, stderr), so a key an endpoint echoes back in a reply never reaches the disk.
 */
export function secretsOf(connection: { apiKey?: string | undefined; baseURL?: string | undefined }): string[] {
  const all = [connection.apiKey ?? "", ...urlSecrets(connection.baseURL ?? "")];
  return [...new Set(all.filter((s) => s.length >= 4))];
}

/**
 * The JSON line for `value` with every secret replaced. A secret may sit in a string as typed, or
 * JSON-escaped once (a reply's content is JSON text) or twice (that content inside the line): each
 * spelling goes, so a key holding a quote or a backslash is caught too.
 */
export function scrubbedJsonLine(value: unknown, secrets: readonly string[]): string {
  const escaped = (s: string) => JSON.stringify(s).slice(1, -1);
  const once = secrets.map(escaped);
  const line = JSON.stringify(scrubSecrets(value, [...secrets, ...once]));
  return scrubText(line, [...once, ...once.map(escaped)]);
}

/** Every occurrence of each secret (4+ characters, longest first) replaced by "[redacted]". */
export function scrubText(text: string, secrets: readonly string[]): string {
  const list = [...new Set(secrets)].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  return list.reduce((out, s) => out.split(s).join("[redacted]"), text);
}
