import { monaco } from "./monaco";

/**
 * Text models by URI, created once and kept for the page's life: a model holds the undo history,
 * so switching between prompts, tabs and the diff view keeps it. The studio's draft text is the
 * truth; syncModel brings a model up to date with it as an undoable edit.
 */
export function modelFor(uri: string, language: string, value: string): MonacoModel {
  const parsed = monaco.Uri.parse(uri);
  const existing = monaco.editor.getModel(parsed);
  if (existing) {
    if (existing.getLanguageId() !== language) monaco.editor.setModelLanguage(existing, language);
    return existing;
  }
  return monaco.editor.createModel(value, language, parsed);
}

export type MonacoModel = ReturnType<typeof monaco.editor.createModel>;

/** Replaces the model's text when it differs (an undoable edit, so Ctrl+Z brings the old text back). */
export function syncModel(model: MonacoModel, value: string): boolean {
  if (model.getValue() === value) return false;
  model.pushStackElement();
  model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
  model.pushStackElement();
  return true;
}

/** A field's URI: one model per prompt and field, e.g. prompt:/faithfulness.verdicts/instruction. */
export function fieldUri(promptId: string, field: string): string {
  return `prompt:/${promptId}/${field}`;
}
