import type { ReactNode } from "react";
import { useEnglishName } from "../i18n/accessible-name";

interface TextFieldProps {
  id: string;
  /** Visible label in the current language. */
  label: string;
  /** The English contract-7 accessible name (English UI only; elsewhere the label names the field). */
  name: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  hint?: ReactNode;
  actions?: ReactNode;
  placeholder?: string;
  /** What is wrong with the value as typed: shown under the field, which is then marked invalid and described by it. */
  error?: string;
}

/**
 * A labelled textarea. The visible label is in the current language; in the English UI the
 * accessible name is the contract-7 name, in Chinese it is the visible label (useEnglishName).
 */
export function TextField({ id, label, name, value, onChange, rows = 3, hint, actions, placeholder, error }: TextFieldProps) {
  const named = useEnglishName();
  return (
    <div className="field">
      <div className="field-head">
        <label htmlFor={id}>{label}</label>
        {hint ? <span className="field-hint">{hint}</span> : null}
        {actions ? <span className="field-actions">{actions}</span> : null}
      </div>
      <textarea
        id={id}
        aria-label={named(name)}
        value={value}
        rows={rows}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
