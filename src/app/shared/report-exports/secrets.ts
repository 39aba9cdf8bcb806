import { urlSecrets } from "../../../engine/text/url-secrets";
import { useApp } from "../store";

/**
 * The secrets in use right now, scrubbed from every export: the API key in settings, and the
 * credentials the base URLs carry (?api-key=, ?key=, user:password@), which the report's config
 * drops but a server's message may still quote.
 */
export function secretsInUse(): string[] {
  const { apiKey, settings } = useApp.getState();
  const key = apiKey.trim();
  return [...new Set([...(key ? [key] : []), ...urlSecrets(settings.baseURL), ...urlSecrets(settings.embeddingBaseURL)])];
}
