/** The Reports tab (placeholder until its feature lands). */
export default function ReportsView() {
  return (
    <main className="view view-reports">
      <h2>Reports</h2>
    </main>
  );
}
