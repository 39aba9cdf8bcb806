import { type ComponentType, type LazyExoticComponent, Suspense } from "react";
import { useT } from "../shared/i18n";
import { ErrorBoundary } from "../shared/ui/ErrorBoundary";

/**
 * A view loaded on first use, with a loading line, and a readable message if its chunk fails to
 * load or it throws while rendering; "Reopen view" renders it afresh (what it stores is in
 * IndexedDB, so nothing is lost by the failure).
 */
export function LazyView({ view: View }: { view: LazyExoticComponent<ComponentType> }) {
  const t = useT();
  return (
    <ErrorBoundary
      fallback={(message, reset) => (
        <div className="note note-error" role="alert">
          <p>{t.app.viewFailed(message)}</p>
          <button type="button" className="btn btn-small" onClick={reset}>
            {t.app.reopenView}
          </button>
        </div>
      )}
    >
      <Suspense fallback={<p className="empty">{t.app.loadingView}</p>}>
        <View />
      </Suspense>
    </ErrorBoundary>
  );
}
