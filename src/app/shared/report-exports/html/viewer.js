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
  // Each metric's name as the app shows it, in the export's language; the id where none came.
  const nameOf = (m) => L.metricNames?.[m] || m;
  const root = document.getElementById("app");

  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    for (const c of children) if (c !== null && c !== undefined) node.append(typeof c === "string" || typeof c === "number" ? String(c) : c);
    return node;
  };
  const fmt = (v) => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(2) : "—");
  const breakable = (code) => code.split(/(?<=_)/).flatMap((part, i) => (i === 0 ? [part] : [el("wbr"), part]));
  // Coloured by how good a score is: for a metric where lower is better (noise sensitivity), 0 is green.
  const lowerIsBetter = new Set(L.lowerIsBetter || []);
  const band = (v, m) => {
    const good = lowerIsBetter.has(m) ? 1 - v : v;
    return good >= 0.8 ? "high" : good >= 0.5 ? "medium" : "low";
  };
  const scoreNode = (r, m, testId) => {
    if (!r) return el("span", { class: "muted" }, L.notRun);
    // A code like missing_input may break after its underscores, not mid-word, in a narrow column.
    if (r.score === null) return el("code", { class: "null", "data-testid": testId }, ...breakable(r.error ? r.error.code : "null"));
    return el("span", { class: `score ${band(r.score, m)}`, "data-testid": testId }, fmt(r.score));
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

  // Summary: one card per metric, as many side by side as the page is wide (so 20 metrics read
  // at a glance on a wide screen and one under another on a phone, never sideways).
  const ragas = el("p", { class: "ragas" }, `${L.ragas}: `, el("strong", { "data-testid": "ragas-score" }, fmt(report.summary.ragasScore)));
  const cards = el("div", { class: "cards", role: "list", "aria-label": "Summary" });
  for (const m of metrics) {
    const s = report.summary[m] || {};
    const codes = Object.entries(s.nullCodes || {})
      .map(([c, n]) => `${c} ${n}`)
      .join(", ");
    const mean = el("span", { class: typeof s.mean === "number" ? `score ${band(s.mean, m)}` : "null", "data-testid": `mean-${m}` }, fmt(s.mean));
    const stat = (label, value) => el("div", {}, el("dt", {}, label), el("dd", {}, value));
    cards.append(
      el(
        "section",
        { class: "card", role: "listitem", "aria-label": nameOf(m) },
        el("h3", {}, nameOf(m), nameOf(m) === m ? null : el("code", { class: "metric-id" }, m)),
        lowerIsBetter.has(m) ? el("div", { class: "muted small" }, L.lowerIsBetterLabel) : null,
        el("dl", {}, stat(L.mean, mean), stat(L.median, fmt(s.median)), stat(L.count, String(s.count)), stat(L.nulls, String(s.nullCount))),
        // Why the nulls are nulls, on a line of its own (a code is too long for the stats' row).
        codes ? el("div", { class: "muted small null-codes" }, ...breakable(codes)) : null,
        el("div", { class: "muted hist-label" }, L.histogram || "Histogram"),
        histogram(m),
      ),
    );
  }
  root.append(el("h2", {}, L.summary), ragas, cards);

  // Samples: a sortable, filterable table; each row opens its traces (built on first open, so
  // 1,000 rows stay quick).
  const byId = new Map(report.results.map((r) => [r.sampleId, r.metrics]));
  root.append(el("h2", {}, L.results));
  const filter = el("input", { type: "search", "aria-label": L.filter || "Filter", placeholder: L.filter || "Filter" });
  const errorsOnly = el("input", { type: "checkbox" });
  const shown = el("span", { class: "muted", role: "status" });
  root.append(el("div", { class: "controls" }, filter, " ", el("label", {}, errorsOnly, ` ${L.errorsOnly || "with errors only"}`), " ", shown));
  const header = el("div", { class: "thead", role: "row" });
  const columns = [
    { key: "id", label: "id", value: (x) => x.sample.id },
    { key: "question", label: L.question, value: (x) => x.sample.question },
    ...metrics.map((m) => ({
      key: m,
      label: m,
      name: nameOf(m),
      value: (x) => (x.results[m] && typeof x.results[m].score === "number" ? x.results[m].score : null),
    })),
  ];
  let sort = { key: null, dir: 1 };
  const sortButtons = columns.map((c) => {
    // A metric's header shows its name, wrapped onto as many lines as it needs; the id is in the tooltip.
    const tip = c.name && c.name !== c.key ? { title: `${c.name} (${c.key})` } : {};
    const b = el("button", { type: "button", class: "sort", "aria-label": `Sort by ${c.label}`, "data-key": c.key, ...tip }, c.name || c.label);
    b.addEventListener("click", () => {
      sort = { key: c.key, dir: sort.key === c.key ? -sort.dir : c.key === "id" || c.key === "question" ? 1 : -1 };
      render();
    });
    const cell = el("div", { role: "columnheader", "aria-sort": "none" }, b);
    header.append(cell);
    return cell;
  });
  const list = el("div", { class: "rows", role: "table", "aria-label": "Samples" });
  // The stylesheet lays the columns out from the count (set through the CSSOM: the file's CSP,
  // style-src by hash, refuses style attributes).
  list.style.setProperty("--metrics", String(metrics.length));
  list.append(header);
  // The table scrolls sideways in its own box (focusable, so arrow keys scroll it too): however
  // many metrics, the page itself never does. The hint shows while the box is narrower than the table.
  const hint = el("p", { class: "scroll-hint muted", hidden: "" }, L.scrollHint || "Scroll the table sideways to see every metric.");
  const box = el("div", { class: "table-scroll", tabindex: 0, role: "region", "aria-label": L.results }, list);
  root.append(hint, box);
  const rows = report.samples.map((sample, index) => {
    const results = byId.get(sample.id) || {};
    const head = el("summary", {}, el("strong", {}, el("span", {}, ...breakable(sample.id))), el("span", { class: "q" }, sample.question.slice(0, 160)));
    for (const m of metrics) head.append(el("span", { class: "chip" }, scoreNode(results[m], m, `score-${sample.id}-${m}`)));
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
  // An opened sample's text is as wide as the box shows, not as the whole table (the stylesheet keeps it in view).
  const fitToBox = () => {
    hint.hidden = box.scrollWidth <= box.clientWidth + 1;
    box.style.setProperty("--shown-width", `${box.clientWidth}px`);
  };
  fitToBox();
  if (typeof ResizeObserver === "function") new ResizeObserver(fitToBox).observe(box);
  else window.addEventListener("resize", fitToBox);

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
    const box = el(
      "section",
      { class: "metric" },
      el("h3", {}, nameOf(id), " ", nameOf(id) === id ? null : el("code", { class: "metric-id" }, id), " ", scoreNode(r, id)),
    );
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
