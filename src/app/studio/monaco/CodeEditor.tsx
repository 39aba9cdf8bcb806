import { useEffect, useRef, useState } from "react";
import type { DraftIssue } from "../logic/draft";
import { setIssueMarkers } from "./markers";
import { modelFor, syncModel } from "./models";
import { monaco } from "./monaco";
import { BASE_OPTIONS } from "./options";
import { setTemplateVariables } from "./template-language";

type Editor = ReturnType<typeof monaco.editor.create>;

export interface CodeEditorProps {
  /** Model URI: one per prompt and field, so undo history survives switching. */
  uri: string;
  language: string;
  value: string;
  onChange(value: string): void;
  issues: readonly DraftIssue[];
  /** The editor's accessible name (screen readers, browser tests). */
  ariaLabel: string;
  /** For the template language: the variables its completion offers. */
  variables?: readonly string[];
}

/**
 * One Monaco editor over the model of `uri`. The value prop is the truth: a change from outside
 * (reset, opening a version, an accepted translation) becomes an undoable edit of the model;
 * typing reports through onChange.
 */
export function CodeEditor({ uri, language, value, onChange, issues, ariaLabel, variables }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const report = useRef(onChange);
  report.current = onChange;
  const syncing = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once with the first label; later changes go through updateOptions below
  useEffect(() => {
    const created = monaco.editor.create(host.current!, { ...BASE_OPTIONS, model: null, ariaLabel });
    setEditor(created);
    return () => created.dispose();
  }, []);

  useEffect(() => {
    editor?.updateOptions({ ariaLabel });
  }, [editor, ariaLabel]);

  useEffect(() => {
    if (!editor) return;
    const model = modelFor(uri, language, value);
    if (editor.getModel() !== model) editor.setModel(model);
    syncing.current = true;
    try {
      syncModel(model, value);
    } finally {
      syncing.current = false;
    }
  }, [editor, uri, language, value]);

  useEffect(() => {
    if (!editor) return;
    const subscription = editor.onDidChangeModelContent(() => {
      if (!syncing.current) report.current(editor.getValue());
    });
    return () => subscription.dispose();
  }, [editor]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: uri and value re-run this after the effect above swaps or edits the model, whose markers must then be set again
  useEffect(() => {
    const model = editor?.getModel();
    if (model) setIssueMarkers(model, issues);
  }, [editor, uri, value, issues]);

  useEffect(() => {
    if (variables) setTemplateVariables(uri, variables);
  }, [uri, variables]);

  return <div ref={host} className="code-editor" data-uri={uri} />;
}
