// The exported HTML file's viewer: plain JavaScript, no dependencies, no network. It reads the
// report and the labels from two inert JSON blocks (type="application/json") and builds the page
// with textContent only, so no text from the report is ever parsed as HTML. Allowed by the file's
// CSP through its SHA-256 hash; nothing else may run.
(() => {
  const read = (id) => JSON.parse(document.getElementById(id).textContent);
  const report = read("report-data");
  const L = read("report-labels");
  // Every metric of the report, in its own order (judge-free and custom judges included).
  const metrics = report.config.metrics.slice();
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
      `${L.created}: ${new Date(report.createdAt).toLocaleString(document.documentElement.lang)} · ${L.judgeLine ?? `${L.model}: ${report.config.model}`} · ${L.samples}: ${report.samples.length}`,
    ),
  );
  if (report.tracesOmitted) root.append(el("p", { class: "note" }, L.noTraces));

  // Summary
  const summary = el("table", { "aria-label": "Summary" });
  summary.append(el("tr", {}, ...[L.metric, L.mean, L.median, L.count, L.nulls, L.histogram || "Histogram"].map((h) => el("th", {}, h))));
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
        el("td", {}, histogram(m)),
      ),
    );
  }
  summary.append(el("tr", {}, el("th", {}, L.ragas), el("td", { "data-testid": "ragas-score" }, fmt(report.summary.ragasScore))));
  root.append(el("h2", {}, L.summary), summary);

  // Samples: a sortable, filterable table; each row opens its traces (built on first open, so
  // 1,000 rows stay quick).
  const byId = new Map(report.results.map((r) => [r.sampleId, r.metrics]));
  root.append(el("h2", {}, L.results));
  const filter = el("input", { type: "search", "aria-label": L.filter || "Filter", placeholder: L.filter || "Filter" });
  const errorsOnly = el("input", { type: "checkbox" });
  const shown = el("span", { class: "muted", role: "status" });
  root.append(el("div", { class: "controls" }, filter, " ", el("label", {}, errorsOnly, ` ${L.errorsOnly || "with errors only"}`), " ", shown));
  // Set through the CSSOM: the file's CSP (style-src by hash) refuses style attributes.
  const grid = `7rem minmax(12rem, 1fr) ${metrics.map(() => "6.5rem").join(" ")}`;
  const header = el("div", { class: "thead", role: "row" });
  header.style.gridTemplateColumns = grid;
  const columns = [
    { key: "id", label: "id", value: (x) => x.sample.id },
    { key: "question", label: L.question, value: (x) => x.sample.question },
    ...metrics.map((m) => ({ key: m, label: m, value: (x) => (x.results[m] && typeof x.results[m].score === "number" ? x.results[m].score : null) })),
  ];
  let sort = { key: null, dir: 1 };
  const sortButtons = columns.map((c) => {
    const b = el("button", { type: "button", class: "sort", "aria-label": `Sort by ${c.label}`, "data-key": c.key }, c.label);
    b.addEventListener("click", () => {
      sort = { key: c.key, dir: sort.key === c.key ? -sort.dir : c.key === "id" || c.key === "question" ? 1 : -1 };
      render();
    });
    const cell = el("div", { role: "columnheader", "aria-sort": "none" }, b);
    header.append(cell);
    return cell;
  });
  const list = el("div", { class: "rows", role: "table", "aria-label": "Samples" });
  list.append(header);
  root.append(list);
  const rows = report.samples.map((sample, index) => {
    const results = byId.get(sample.id) || {};
    const head = el("summary", {}, el("strong", {}, sample.id), el("span", { class: "q" }, sample.question.slice(0, 160)));
    head.style.gridTemplateColumns = grid;
    for (const m of metrics) head.append(el("span", { class: "chip" }, scoreNode(results[m], `score-${sample.id}-${m}`)));
    const details = el("details", { class: "row", "data-id": sample.id }, head);
    let built = false;
    details.addEventListener("toggle", () => {
      if (built || !details.open) return;
      built = true;
      details.append(sampleBody(sample, results));
    });
    const text = `${sample.id}\n${sample.question}\n${sample.answer}`.toLowerCase();
    const hasError = metrics.some((m) => results[m] && results[m].score === null);
    return { sample, results, details, index, text, hasError };
  });
  const render = () => {
    const q = filter.value.trim().toLowerCase();
    const col = columns.find((c) => c.key === sort.key);
    const ordered = col
      ? rows.slice().sort((x, y) => {
          const a = col.value(x);
          const b = col.value(y);
          // Nulls last whichever way; ties keep the file's order.
          if (a === null || b === null) return a === b ? x.index - y.index : a === null ? 1 : -1;
          const d = typeof a === "number" ? a - b : String(a).localeCompare(String(b));
          return d === 0 ? x.index - y.index : d * sort.dir;
        })
      : rows;
    let n = 0;
    for (const r of ordered) {
      const visible = (!q || r.text.includes(q)) && (!errorsOnly.checked || r.hasError);
      r.details.hidden = !visible;
      if (visible) n++;
      list.append(r.details);
    }
    sortButtons.forEach((cell, i) => {
      cell.setAttribute("aria-sort", columns[i].key === sort.key ? (sort.dir > 0 ? "ascending" : "descending") : "none");
    });
    shown.textContent = (L.showing || "{n} of {total} samples").replace("{n}", String(n)).replace("{total}", String(rows.length));
  };
  filter.addEventListener("input", render);
  errorsOnly.addEventListener("change", render);
  render();

  function sampleBody(sample, results) {
    const body = el("div", { class: "sample" });
    body.append(el("h3", {}, L.question), el("p", { class: "pre" }, sample.question));
    body.append(el("h3", {}, L.answer), el("p", { class: "pre" }, sample.answer));
    body.append(el("h3", {}, L.contexts), el("ol", {}, ...sample.contexts.map((c) => el("li", { class: "pre" }, c))));
    if (sample.reference !== undefined) body.append(el("h3", {}, L.reference), el("p", { class: "pre" }, sample.reference));
    for (const m of metrics) body.append(metricBlock(m, results[m]));
    return body;
  }

  // Ten bins over [0, 1] of a metric's scores, as inline SVG (numbers only, no text from the report).
  function histogram(m) {
    const NS = "http://www.w3.org/2000/svg";
    const bins = new Array(10).fill(0);
    for (const r of report.results) {
      const v = r.metrics[m]?.score;
      if (typeof v === "number") bins[Math.min(9, Math.floor(v * 10))]++;
    }
    const max = Math.max(1, ...bins);
    const W = 180;
    const H = 64;
    const pad = { l: 22, r: 6, t: 6, b: 16 };
    const svg = document.createElementNS(NS, "svg");
    const set = (node, attrs) => {
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
      return node;
    };
    set(svg, { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": `${m}: ${bins.join(", ")}`, class: "hist" });
    const bw = (W - pad.l - pad.r) / 10;
    bins.forEach((count, i) => {
      const h = ((H - pad.t - pad.b) * count) / max;
      svg.append(set(document.createElementNS(NS, "rect"), { x: pad.l + i * bw + 1, y: H - pad.b - h, width: bw - 2, height: h, class: "bar" }));
    });
    svg.append(set(document.createElementNS(NS, "line"), { x1: pad.l, y1: H - pad.b, x2: W - pad.r, y2: H - pad.b, class: "axis" }));
    const label = (x, y, text, anchor) => {
      const t = set(document.createElementNS(NS, "text"), { x, y, "text-anchor": anchor, class: "tick" });
      t.textContent = text;
      svg.append(t);
    };
    label(pad.l, H - 3, "0", "start");
    label(W - pad.r, H - 3, "1", "end");
    label(pad.l - 3, pad.t + 8, String(max), "end");
    return svg;
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
