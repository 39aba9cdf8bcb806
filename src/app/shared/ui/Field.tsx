import type { ReactNode } from "react";
import { useApp } from "../store";

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
 * A labelled textarea. In Chinese the English name is shown next to the label and used as the
 * accessible name, so screen-reader scripts and browser tests find the same control in both.
 */
export function TextField({ id, label, name, value, onChange, rows = 3, hint, actions, placeholder }: TextFieldProps) {
  const lang = useApp((s) => s.lang);
  return (
    <div className="field">
      <div className="field-head">
        <label htmlFor={id}>
          {label}
          {lang !== "en" && label !== name ? (
            <span className="label-en" lang="en">
              {name}
            </span>
          ) : null}
        </label>
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
