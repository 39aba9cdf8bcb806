import { type ComponentType, type LazyExoticComponent, Suspense } from "react";
import { useT } from "./i18n";
import { ErrorBoundary } from "./shared/ErrorBoundary";

/** A view loaded on first use, with a loading line and a readable message if its chunk fails. */
export function LazyView({ view: View }: { view: LazyExoticComponent<ComponentType> }) {
  const t = useT();
  return (
    <ErrorBoundary fallback={(message) => <p className="note note-error">{t.app.viewFailed(message)}</p>}>
      <Suspense fallback={<p className="empty">{t.app.loadingView}</p>}>
        <View />
      </Suspense>
    </ErrorBoundary>
  );
}
