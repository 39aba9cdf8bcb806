import type { ReactNode } from "react";

interface TextFieldProps {
  id: string;
  /** Visible label in the current language. */
  label: string;
  /** The contract-7 accessible name; stays English in every language (DESIGN.md contract 7). */
  name: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  hint?: ReactNode;
  actions?: ReactNode;
  placeholder?: string;
}

/**
 * A labelled textarea. The visible label is in the current language; the accessible name is the
 * English contract-7 name in every language (aria-label), so screen-reader scripts and browser
 * tests find the same control in both, and the Chinese page shows no English words for it.
 */
export function TextField({ id, label, name, value, onChange, rows = 3, hint, actions, placeholder }: TextFieldProps) {
  return (
    <div className="field">
      <div className="field-head">
        <label htmlFor={id}>{label}</label>
        {hint ? <span className="field-hint">{hint}</span> : null}
        {actions ? <span className="field-actions">{actions}</span> : null}
      </div>
      <textarea
        id={id}
        aria-label={name}
        value={value}
        rows={rows}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
