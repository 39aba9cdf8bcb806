// The exported HTML file's viewer: plain JavaScript, no dependencies, no network. It reads the
// report and the labels from two inert JSON blocks (type="application/json") and builds the page
// with textContent only, so no text from the report is ever parsed as HTML. Allowed by the file's
// CSP through its SHA-256 hash; nothing else may run.
(() => {
  const read = (id) => JSON.parse(document.getElementById(id).textContent);
  const report = read("report-data");
  const L = read("report-labels");
  const ORDER = ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"];
  const metrics = ORDER.filter((m) => report.config.metrics.includes(m));
  const root = document.getElementById("app");

  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    for (const c of children) if (c !== null && c !== undefined) node.append(typeof c === "string" || typeof c === "number" ? String(c) : c);
    return node;
  };
  const fmt = (v) => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(2) : "—");
  const band = (v) => (v >= 0.8 ? "high" : v >= 0.5 ? "medium" : "low");
  const scoreNode = (r, testId) => {
    if (!r) return el("span", { class: "muted" }, L.notRun);
    if (r.score === null) return el("code", { class: "null", "data-testid": testId }, r.error ? r.error.code : "null");
    return el("span", { class: `score ${band(r.score)}`, "data-testid": testId }, fmt(r.score));
  };

  root.append(el("h1", {}, report.title || L.title));
  root.append(
    el(
      "p",
      { class: "muted" },
      `${L.created}: ${new Date(report.createdAt).toLocaleString(document.documentElement.lang)} · ${L.model}: ${report.config.model} · ${L.samples}: ${report.samples.length}`,
    ),
  );
  if (report.tracesOmitted) root.append(el("p", { class: "note" }, L.noTraces));

  // Summary
  const summary = el("table", { "aria-label": "Summary" });
  summary.append(el("tr", {}, ...[L.metric, L.mean, L.median, L.count, L.nulls].map((h) => el("th", {}, h))));
  for (const m of metrics) {
    const s = report.summary[m] || {};
    const codes = Object.entries(s.nullCodes || {})
      .map(([c, n]) => `${c} ${n}`)
      .join(", ");
    summary.append(
      el(
        "tr",
        {},
        el("th", {}, m),
        el("td", { "data-testid": `mean-${m}` }, fmt(s.mean)),
        el("td", {}, fmt(s.median)),
        el("td", {}, s.count),
        el("td", {}, `${s.nullCount}${codes ? ` (${codes})` : ""}`),
      ),
    );
  }
  summary.append(el("tr", {}, el("th", {}, L.ragas), el("td", { "data-testid": "ragas-score" }, fmt(report.summary.ragasScore))));
  root.append(el("h2", {}, L.summary), summary);

  // Table of samples; each opens its traces below it.
  const byId = new Map(report.results.map((r) => [r.sampleId, r.metrics]));
  root.append(el("h2", {}, L.results));
  for (const sample of report.samples) {
    const results = byId.get(sample.id) || {};
    const head = el("summary", {}, el("strong", {}, sample.id), " ", el("span", { class: "q" }, sample.question.slice(0, 160)));
    for (const m of metrics) head.append(" ", el("span", { class: "chip" }, `${m}: `, scoreNode(results[m], `score-${sample.id}-${m}`)));
    const body = el("div", { class: "sample" });
    body.append(el("h3", {}, L.question), el("p", { class: "pre" }, sample.question));
    body.append(el("h3", {}, L.answer), el("p", { class: "pre" }, sample.answer));
    body.append(el("h3", {}, L.contexts), el("ol", {}, ...sample.contexts.map((c) => el("li", { class: "pre" }, c))));
    if (sample.reference !== undefined) body.append(el("h3", {}, L.reference), el("p", { class: "pre" }, sample.reference));
    for (const m of metrics) body.append(metricBlock(m, results[m]));
    root.append(el("details", { class: "row" }, head, body));
  }

  function metricBlock(id, r) {
    const box = el("section", { class: "metric" }, el("h3", {}, id, " ", scoreNode(r)));
    if (!r) return box;
    if (r.score === null && r.error) box.append(el("p", {}, el("code", {}, r.error.code), " ", r.error.message));
    else if (r.reason) box.append(el("p", {}, r.reason));
    // Trace items: every list in the trace but the calls, each item's fields as text.
    for (const [name, items] of Object.entries(r.trace || {})) {
      if (name === "calls" || !Array.isArray(items) || items.length === 0) continue;
      const list = el("ol", { class: "trace" });
      for (const item of items) {
        const parts = Object.entries(item && typeof item === "object" ? item : { value: item }).map(([k, v]) =>
          el("div", {}, el("b", {}, `${k}: `), typeof v === "string" ? v : JSON.stringify(v)),
        );
        list.append(el("li", {}, ...parts));
      }
      box.append(el("h4", {}, name), list);
    }
    const calls = r.trace?.calls || [];
    if (calls.length) {
      const log = el("details", {}, el("summary", {}, `${L.calls}: ${calls.length}`));
      for (const c of calls) {
        log.append(el("p", { class: "muted" }, `${c.kind} ${c.promptId} · ${c.model} · ${c.promptTokens}+${c.completionTokens} tokens · ${c.ms} ms`));
        for (const msg of c.messages || []) log.append(el("pre", {}, `[${msg.role}] ${msg.content}`));
        if (typeof c.reply === "string") log.append(el("pre", {}, `[reply] ${c.reply}`));
      }
      box.append(log);
    }
    return box;
  }
})();
