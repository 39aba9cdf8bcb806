import { useEffect, useRef, useState } from "react";
import type { DraftIssue } from "../logic/draft";
import { setIssueMarkers } from "./markers";
import { modelFor, syncModel } from "./models";
import { monaco } from "./monaco";
import { BASE_OPTIONS } from "./options";

type DiffEditor = ReturnType<typeof monaco.editor.createDiffEditor>;

export interface DiffViewProps {
  /** Left side (read-only): e.g. the built-in default, or the examples before translation. */
  originalUri: string;
  original: string;
  /** Right side (editable): shares its model with the field's editor, so edits land in the draft. */
  modifiedUri: string;
  modified: string;
  language: string;
  onChange(value: string): void;
  issues: readonly DraftIssue[];
  ariaLabel: string;
  /** Side by side when there is room; inline otherwise. */
  sideBySide?: boolean;
}

/** Monaco's diff editor: what changed against the original, and the right side stays editable. */
export function DiffView({ originalUri, original, modifiedUri, modified, language, onChange, issues, ariaLabel, sideBySide = true }: DiffViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const [diff, setDiff] = useState<DiffEditor | null>(null);
  const report = useRef(onChange);
  report.current = onChange;
  const syncing = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once with the first options; later changes go through updateOptions below
  useEffect(() => {
    const created = monaco.editor.createDiffEditor(host.current!, {
      ...BASE_OPTIONS,
      originalEditable: false,
      renderSideBySide: sideBySide,
      useInlineViewWhenSpaceIsLimited: true,
      renderOverviewRuler: false,
      diffWordWrap: "on",
      ignoreTrimWhitespace: false,
      originalAriaLabel: `${ariaLabel} (before)`,
      modifiedAriaLabel: ariaLabel,
    });
    setDiff(created);
    // Disposing the diff editor leaves the models alone: they belong to models.ts.
    return () => created.dispose();
  }, []);

  useEffect(() => {
    diff?.updateOptions({ renderSideBySide: sideBySide });
  }, [diff, sideBySide]);

  useEffect(() => {
    diff?.getOriginalEditor().updateOptions({ ariaLabel: `${ariaLabel} (before)` });
    diff?.getModifiedEditor().updateOptions({ ariaLabel });
  }, [diff, ariaLabel]);

  useEffect(() => {
    if (!diff) return;
    const left = modelFor(originalUri, language, original);
    const right = modelFor(modifiedUri, language, modified);
    const current = diff.getModel();
    if (current?.original !== left || current?.modified !== right) diff.setModel({ original: left, modified: right });
    syncModel(left, original);
    syncing.current = true;
    try {
      syncModel(right, modified);
    } finally {
      syncing.current = false;
    }
  }, [diff, originalUri, original, modifiedUri, modified, language]);

  useEffect(() => {
    if (!diff) return;
    const editor = diff.getModifiedEditor();
    const subscription = editor.onDidChangeModelContent(() => {
      if (!syncing.current) report.current(editor.getValue());
    });
    return () => subscription.dispose();
  }, [diff]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: modifiedUri and modified re-run this after the effect above swaps or edits the model, whose markers must then be set again
  useEffect(() => {
    const model = diff?.getModifiedEditor().getModel();
    if (model) setIssueMarkers(model, issues);
  }, [diff, modifiedUri, modified, issues]);

  return <div ref={host} className="code-editor diff-editor" data-uri={modifiedUri} />;
}
