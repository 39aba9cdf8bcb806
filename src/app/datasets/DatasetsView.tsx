/** The Datasets tab (placeholder until its feature lands). */
export default function DatasetsView() {
  return (
    <main className="view view-datasets">
      <h2>Datasets</h2>
    </main>
  );
}
