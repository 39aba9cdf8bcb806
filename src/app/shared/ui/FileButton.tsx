import type { ReactNode } from "react";
import { useEnglishName } from "../i18n/accessible-name";

interface Props {
  /** The input's English accessible name (contract 7; English UI only, elsewhere the label names it). */
  name: string;
  accept: string;
  label: ReactNode;
  disabled?: boolean;
  onFile(file: File): void;
}

/**
 * A file picker that looks like the app's buttons: the input is visually hidden and its label is
 * the button. The input is cleared after each choice, so choosing the same file again reads it again.
 */
export function FileButton({ name, accept, label, disabled, onFile }: Props) {
  const named = useEnglishName();
  return (
    <label className="btn btn-small file-btn">
      <input
        type="file"
        accept={accept}
        aria-label={named(name)}
        className="visually-hidden"
        disabled={disabled}
        onChange={(e) => {
          const input = e.target;
          const file = input.files?.[0];
          input.value = "";
          if (file) onFile(file);
        }}
      />
      {label}
    </label>
  );
}
