import { type ReactNode, useState } from "react";
import { useEnglishName } from "../shared/i18n/accessible-name";

interface TextInputProps {
  id: string;
  label: string;
  /** English accessible name for the contract-7 fields (English UI only); otherwise the visible label names it. */
  name?: string;
  value: string;
  onChange(value: string): void;
  type?: "text" | "url" | "password";
  hint?: ReactNode;
  placeholder?: string;
}

export function TextInput({ id, label, name, value, onChange, type = "text", hint, placeholder }: TextInputProps) {
  const named = useEnglishName();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        aria-label={name === undefined ? undefined : named(name)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldHint id={id} hint={hint} />
    </div>
  );
}

interface NumberInputProps {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange(value: number): void;
  hint?: string;
}

/** Keeps the typed text while it is not a number yet ("0."), and commits only valid values. */
export function NumberInput({ id, label, value, min, max, step = 1, onChange, hint }: NumberInputProps) {
  const [text, setText] = useState(String(value));
  // Only an outside change of value resets the text (adjusted during render, React's pattern for
  // state that follows a prop): typing "0." or "1e" must not be overwritten while it is not a number.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (Number(text) !== value) setText(String(value));
  }
  return (
    <div className="field field-number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={text}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          const n = Number(event.target.value);
          if (event.target.value.trim() !== "" && Number.isFinite(n) && n >= min && n <= max) onChange(n);
        }}
      />
      <FieldHint id={id} hint={hint} />
    </div>
  );
}

export function Switch({ label, checked, onChange, hint, id }: { id: string; label: string; checked: boolean; onChange(on: boolean): void; hint?: string }) {
  return (
    <div className="field field-switch">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      <FieldHint id={id} hint={hint} />
    </div>
  );
}

/** The note under a field; its id is what the field's aria-describedby points at. */
function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="field-note">
      {hint}
    </p>
  );
}
