import { useApp } from "../store";

/** The secrets in use right now (the API key in settings): scrubbed from every export. */
export function secretsInUse(): string[] {
  const key = useApp.getState().apiKey.trim();
  return key ? [key] : [];
}
