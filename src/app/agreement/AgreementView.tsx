/** The Agreement tab (placeholder until its feature lands). */
export default function AgreementView() {
  return (
    <main className="view view-agreement">
      <h2>Agreement</h2>
    </main>
  );
}
