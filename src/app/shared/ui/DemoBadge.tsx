import { useT } from "../i18n";

/** The label that says these scores come from recorded replies, not the user's model. */
export function DemoBadge() {
  const t = useT();
  return <span className="badge badge-demo">{t.demo.badge}</span>;
}
