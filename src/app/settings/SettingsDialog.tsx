import { useEffect, useRef } from "react";
import { useT } from "../shared/i18n";
import { useApp } from "../shared/store";
import { ConnectionFields } from "./ConnectionFields";
import { PriceTable } from "./PriceTable";
import { RequestFields } from "./RequestFields";

/**
 * Settings in a native modal <dialog>: focus is trapped and Escape closes it without our help.
 * Every change applies at once and is saved in this browser (the key only when opted in).
 */
export function SettingsDialog() {
  const t = useT();
  const open = useApp((s) => s.settingsOpen);
  const setOpen = useApp((s) => s.setSettingsOpen);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="settings-dialog" aria-labelledby="settings-title" onClose={() => setOpen(false)}>
      {open ? (
        // A form only so the password field sits in one (browsers warn otherwise); nothing is submitted.
        <form className="dialog-body" onSubmit={(event) => event.preventDefault()}>
          <div className="dialog-head">
            <h2 id="settings-title">{t.settings.title}</h2>
            <button type="button" className="icon-btn" aria-label={t.settings.close} onClick={() => setOpen(false)}>
              ×
            </button>
          </div>
          <ConnectionFields />
          <RequestFields />
          <PriceTable />
          <p className="field-note dialog-foot">{t.settings.saved}</p>
        </form>
      ) : null}
    </dialog>
  );
}
