// @ts-check
// The exported HTML file's viewer: plain JavaScript, no dependencies, no network. It reads the
// report and the labels from two inert JSON blocks (type="application/json") and builds the page
// with textContent only, so no text from the report is ever parsed as HTML. Allowed by the file's
// CSP through its SHA-256 hash; nothing else may run. It is embedded as written (report-html.ts
// imports it raw), so it stays JavaScript; `tsc` checks it against the report's and the labels'
// types through the JSDoc below. Its names follow the app's (results/format.ts, results/labels.ts,
// explorer/rows.ts): formatScore, scoreBand, metricLabel, a row's `metrics`, sampleDetail.

(() => {
  // The types are declared inside the function: at the top of a script they would be global to the whole project.
  /** @typedef {import("../../../../storage/format/report-schema").Report} Report */
  /** @typedef {import("../../../../storage/format/report-schema").ReportMetricResult} ReportMetricResult */
  /** @typedef {import("../../../../storage/format/report-schema").MetricSummaryDoc} MetricSummaryDoc */
  /** @typedef {import("../../../../engine/sample").Sample} Sample */
  /** @typedef {import("./report-html").ViewerLabels} ViewerLabels */
  /** @typedef {Partial<Record<string, ReportMetricResult>>} SampleMetrics One sample's results by metric id (a metric not run is absent). */
  /**
   * One sample of the table, as explorer/rows.ts's ExplorerRow with what the page keeps beside it.
   * @typedef {{ index: number, sample: Sample, metrics: SampleMetrics, details: HTMLDetailsElement, text: string, hasNull: boolean }} ViewerRow
   */
  /** @typedef {{ key: string, label: string | undefined, name?: string, value: (row: ViewerRow) => string | number | null }} Column */
  // The file always holds both blocks and #app (report-html.ts writes them beside this script).
  /** @param {string} id */
  const read = (id) => JSON.parse(/** @type {HTMLElement} */ (document.getElementById(id)).textContent ?? "");
  /** @type {Report} */
  const report = read("report-data");
  /** @type {ViewerLabels} */
  const L = read("report-labels");
  // Every metric of the report, in its own order (judge-free and custom judges included).
  const metrics = report.config.metrics.slice();
  // Each metric's name as the app shows it, in the export's language; the id where none came.
  /** @param {string} m */
  const metricLabel = (m) => L.metricNames?.[m] || m;
  const root = /** @type {HTMLElement} */ (document.getElementById("app"));

  /**
   * An element with its attributes (an undefined one is left off) and its children as text or nodes.
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, string | number | undefined>} [attrs]
   * @param {...(Node | string | number | null | undefined)} children
   * @returns {HTMLElementTagNameMap[K]}
   */
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined) node.setAttribute(k, String(v));
    for (const c of children) if (c !== null && c !== undefined) node.append(typeof c === "string" || typeof c === "number" ? String(c) : c);
    return node;
  };
  // As results/format.ts's formatScore: two decimals, or the dash where there is no score.
  /** @param {number | null | undefined} v */
  const formatScore = (v) => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(2) : "—");
  /** @param {string} code */
  const breakable = (code) => code.split(/(?<=_)/).flatMap((part, i) => (i === 0 ? [part] : [el("wbr"), part]));
  // Coloured by how good a score is: for a metric where lower is better (noise sensitivity), 0 is green
  // (as results/labels.ts's scoreBand).
  const lowerIsBetter = new Set(L.lowerIsBetter || []);
  /** @param {string} m @param {number} v */
  const scoreBand = (m, v) => {
    const good = lowerIsBetter.has(m) ? 1 - v : v;
    return good >= 0.8 ? "high" : good >= 0.5 ? "medium" : "low";
  };
  /** A score with its band, a null's code, or "not run" (as explorer/ScoreCell.tsx). @param {ReportMetricResult | undefined} r @param {string} m @param {string} [testId] */
  const scoreNode = (r, m, testId) => {
    if (!r) return el("span", { class: "muted" }, L.notRun);
    // A code like missing_input may break after its underscores, not mid-word, in a narrow column.
    if (r.score === null) return el("code", { class: "null", "data-testid": testId }, ...breakable(r.error?.code ?? "null"));
    return el("span", { class: `score ${scoreBand(m, r.score)}`, "data-testid": testId }, formatScore(r.score));
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
  const ragas = el("p", { class: "ragas" }, `${L.ragas}: `, el("strong", { "data-testid": "ragas-score" }, formatScore(report.summary.ragasScore)));
  const cards = el("div", { class: "cards", role: "list", "aria-label": L.summary || "Summary" });
  for (const m of metrics) {
    const s = summaryOf(m);
    const codes = Object.entries(s.nullCodes || {})
      .map(([c, n]) => `${c} ${n}`)
      .join(", ");
    const mean = el("span", { class: typeof s.mean === "number" ? `score ${scoreBand(m, s.mean)}` : "null", "data-testid": `mean-${m}` }, formatScore(s.mean));
    /** @param {string | undefined} label @param {Node | string} value */
    const stat = (label, value) => el("div", {}, el("dt", {}, label), el("dd", {}, value));
    cards.append(
      el(
        "section",
        { class: "card", role: "listitem", "aria-label": metricLabel(m) },
        el("h3", {}, metricLabel(m), metricLabel(m) === m ? null : el("code", { class: "metric-id" }, m)),
        lowerIsBetter.has(m) ? el("div", { class: "muted small" }, L.lowerIsBetterLabel) : null,
        el("dl", {}, stat(L.mean, mean), stat(L.median, formatScore(s.median)), stat(L.count, String(s.count)), stat(L.nulls, String(s.nullCount))),
        // Why the nulls are nulls, on a line of its own (a code is too long for the stats' row).
        codes ? el("div", { class: "muted small null-codes" }, ...breakable(codes)) : null,
        intervalLine(m, s),
        passLine(m, s),
        el("div", { class: "muted hist-label" }, L.histogram || "Histogram"),
        histogram(m),
      ),
    );
  }
  root.append(el("h2", {}, L.summary), ragas, cards);

  // Samples: a sortable, filterable table; each row opens its traces (built on first open, so
  // 1,000 rows stay quick).
  const metricsById = new Map(report.results.map((r) => [r.sampleId, r.metrics]));
  root.append(el("h2", {}, L.results));
  const filter = el("input", { type: "search", "aria-label": L.filter || "Filter", placeholder: L.filter || "Filter" });
  const nullsOnly = el("input", { type: "checkbox" });
  const shown = el("span", { class: "muted", role: "status" });
  root.append(el("div", { class: "controls" }, filter, " ", el("label", {}, nullsOnly, ` ${L.nullsOnly || "with a null score only"}`), " ", shown));
  const header = el("div", { class: "thead", role: "row" });
  /** @type {Column[]} */
  const columns = [
    { key: "id", label: "id", value: (x) => x.sample.id },
    { key: "question", label: L.question, value: (x) => x.sample.question },
    ...metrics.map((m) => ({
      key: m,
      label: m,
      name: metricLabel(m),
      value: (/** @type {ViewerRow} */ x) => x.metrics[m]?.score ?? null,
    })),
  ];
  /** @type {{ key: string | null, dir: number }} */
  let sort = { key: null, dir: 1 };
  const sortButtons = columns.map((c) => {
    // A metric's header shows its name, wrapped onto as many lines as it needs; the id is in the tooltip.
    const tip = c.name && c.name !== c.key ? { title: `${c.name} (${c.key})` } : {};
    const b = el(
      "button",
      {
        type: "button",
        class: "sort",
        "aria-label": (L.sortBy || "Sort by {id}").replace("{id}", c.label ?? c.key).replace("{name}", c.name || c.label || c.key),
        "data-key": c.key,
        ...tip,
      },
      c.name || c.label,
    );
    b.addEventListener("click", () => {
      sort = { key: c.key, dir: sort.key === c.key ? -sort.dir : c.key === "id" || c.key === "question" ? 1 : -1 };
      render();
    });
    const cell = el("div", { role: "columnheader", "aria-sort": "none" }, b);
    header.append(cell);
    return cell;
  });
  const list = el("div", { class: "rows", role: "table", "aria-label": L.samplesTable || "Samples" });
  // The stylesheet lays the columns out from the count (set through the CSSOM: the file's CSP,
  // style-src by hash, refuses style attributes).
  list.style.setProperty("--metrics", String(metrics.length));
  list.append(header);
  // The table scrolls sideways in its own box (focusable, so arrow keys scroll it too): however
  // many metrics, the page itself never does. The hint shows while the box is narrower than the table.
  const hint = el("p", { class: "scroll-hint muted", hidden: "" }, L.scrollHint || "Scroll the table sideways to see every metric.");
  const box = el("div", { class: "table-scroll", tabindex: 0, role: "region", "aria-label": L.results }, list);
  root.append(hint, box);
  /** @type {ViewerRow[]} */
  const rows = report.samples.map((sample, index) => {
    /** @type {SampleMetrics} */
    const sampleMetrics = metricsById.get(sample.id) || {};
    const head = el("summary", {}, el("strong", {}, el("span", {}, ...breakable(sample.id))), el("span", { class: "q" }, sample.question.slice(0, 160)));
    for (const m of metrics) head.append(el("span", { class: "chip" }, scoreNode(sampleMetrics[m], m, `score-${sample.id}-${m}`)));
    const details = el("details", { class: "row", "data-id": sample.id }, head);
    let built = false;
    details.addEventListener("toggle", () => {
      if (built || !details.open) return;
      built = true;
      details.append(sampleDetail(sample, sampleMetrics));
    });
    const text = `${sample.id}\n${sample.question}\n${sample.answer}`.toLowerCase();
    // "with a null score only" (the explorer's nullsOnly): a metric that ran and gave no score.
    const hasNull = metrics.some((m) => sampleMetrics[m]?.score === null);
    return { index, sample, metrics: sampleMetrics, details, text, hasNull };
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
          const d = typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
          return d === 0 ? x.index - y.index : d * sort.dir;
        })
      : rows;
    let n = 0;
    for (const r of ordered) {
      const visible = (!q || r.text.includes(q)) && (!nullsOnly.checked || r.hasNull);
      r.details.hidden = !visible;
      if (visible) n++;
      list.append(r.details);
    }
    sortButtons.forEach((cell, i) => {
      cell.setAttribute("aria-sort", columns[i]?.key === sort.key ? (sort.dir > 0 ? "ascending" : "descending") : "none");
    });
    shown.textContent = (L.showing || "{n} of {total} samples").replace("{n}", String(n)).replace("{total}", String(rows.length));
  };
  filter.addEventListener("input", render);
  nullsOnly.addEventListener("change", render);
  render();
  // An opened sample's text is as wide as the box shows, not as the whole table (the stylesheet keeps it in view).
  const fitToBox = () => {
    hint.hidden = box.scrollWidth <= box.clientWidth + 1;
    box.style.setProperty("--shown-width", `${box.clientWidth}px`);
  };
  fitToBox();
  if (typeof ResizeObserver === "function") new ResizeObserver(fitToBox).observe(box);
  else window.addEventListener("resize", fitToBox);

  /**
   * The mean's 95% interval (contract 14) with the nulls beside it: "95% CI [0.61, 0.79] · over 40 of 50".
   * @param {string} m @param {Partial<MetricSummaryDoc>} s
   */
  function intervalLine(m, s) {
    const ci = Array.isArray(s.ci95) && s.ci95.length === 2 ? `[${formatScore(s.ci95[0])}, ${formatScore(s.ci95[1])}]` : "—";
    const all = (s.count ?? 0) + (s.nullCount ?? 0);
    const over = (L.over || "over {n} of {total}").replace("{n}", String(s.count ?? 0)).replace("{total}", String(all));
    return el(
      "div",
      { class: "small ci" },
      `${L.ci95 || "95% CI"} `,
      el("span", { "data-testid": `ci-${m}` }, ci),
      el("span", { class: "muted" }, ` · ${over}`),
    );
  }

  /**
   * The pass rate against the run's threshold, with its Wilson interval; nothing without a threshold.
   * @param {string} m @param {Partial<MetricSummaryDoc>} s
   */
  function passLine(m, s) {
    if (typeof s.passRate !== "number") return null;
    const ci = Array.isArray(s.passRateCi95) ? ` [${formatScore(s.passRateCi95[0])}, ${formatScore(s.passRateCi95[1])}]` : "";
    return el("div", { class: "small" }, `${L.passRate || "Pass rate"} `, el("span", { "data-testid": `pass-rate-${m}` }, formatScore(s.passRate)), ci);
  }

  /**
   * What the summary's metric card reads: the metric's summary, or nothing where the report has none.
   * @param {string} m
   * @returns {Partial<MetricSummaryDoc>}
   */
  function summaryOf(m) {
    const s = report.summary[m];
    return s !== null && typeof s === "object" ? s : {};
  }

  /** One opened sample, as explorer/SampleDetail.tsx: its texts, then each metric's score, reason and trace. @param {Sample} sample @param {SampleMetrics} sampleMetrics */
  function sampleDetail(sample, sampleMetrics) {
    const body = el("div", { class: "sample" });
    body.append(el("h3", {}, L.question), el("p", { class: "pre" }, sample.question));
    body.append(el("h3", {}, L.answer), el("p", { class: "pre" }, sample.answer));
    body.append(el("h3", {}, L.contexts), el("ol", {}, ...sample.contexts.map((c) => el("li", { class: "pre" }, c))));
    if (sample.reference !== undefined) body.append(el("h3", {}, L.reference), el("p", { class: "pre" }, sample.reference));
    if (sample.messages) body.append(conversationView(sample, sampleMetrics));
    for (const m of metrics) body.append(metricCard(m, sampleMetrics[m]));
    return body;
  }

  /**
   * A conversation sample, as explorer/conversation/ConversationView.tsx (its model.ts is the rule):
   * the turns as bubbles, tool results as compact cards, each call made and each reference call
   * as a card marked in words by the pairs of the first tool-call metric that ran.
   * @param {Sample} sample @param {SampleMetrics} sampleMetrics
   */
  function conversationView(sample, sampleMetrics) {
    /** @type {{ reference: number | null, predicted: number | null }[] | null} */
    let pairs = null;
    let pairedBy = "";
    for (const id of ["tool_call_accuracy", "tool_call_f1"]) {
      const found = sampleMetrics[id]?.trace?.pairs;
      if (!pairs && Array.isArray(found)) {
        pairs = found;
        pairedBy = id;
      }
    }
    /** @type {Map<number, number | null>} */
    const predictedPartner = new Map();
    /** @type {Map<number, number | null>} */
    const referencePartner = new Map();
    for (const p of pairs || []) {
      if (typeof p.predicted === "number") predictedPartner.set(p.predicted, p.reference);
      if (typeof p.reference === "number") referencePartner.set(p.reference, p.predicted);
    }
    /** @param {string | undefined} text @param {number | string} n */
    const fill = (text, n) => (text || "").replace(/\{(n|metric)\}/, String(n));
    /** @param {{ name: string, args: Record<string, unknown> }} call @param {number} index @param {"predicted" | "reference"} side */
    const card = (call, index, side) => {
      const partners = side === "predicted" ? predictedPartner : referencePartner;
      const partner = partners.get(index);
      const mark = !pairs || !partners.has(index) ? null : partner === null || partner === undefined ? (side === "predicted" ? "extra" : "missing") : "matched";
      const words =
        mark === "extra"
          ? L.convExtra
          : mark === "missing"
            ? L.convMissing
            : mark === "matched"
              ? fill(side === "predicted" ? L.convMatchedReference : L.convMatchedCall, (partner ?? 0) + 1)
              : null;
      return el(
        "li",
        { class: `tool-card${mark ? ` call-${mark}` : ""}`, "data-testid": `${side}-call-${index}` },
        el("span", { class: "muted small" }, fill(side === "predicted" ? L.convCall : L.convReference, index + 1)),
        " ",
        el("code", { class: "tool-name" }, call.name),
        words ? el("span", { class: `call-mark mark-${mark}` }, " ", words) : null,
        el("pre", { class: "tool-args" }, JSON.stringify(call.args, null, 2)),
      );
    };
    const byTurn = turnVerdicts(sampleMetrics, (sample.messages || []).length);
    /** @param {number} i @param {Verdict[] | undefined} verdicts */
    const verdictList = (i, verdicts) =>
      verdicts
        ? el(
            "ul",
            { class: "verdicts", "aria-label": fill(L.convVerdicts, i + 1) },
            ...verdicts.map((v) =>
              el(
                "li",
                { class: `verdict verdict-${v.good ? "good" : "bad"}` },
                el("span", { class: "muted small" }, metricLabel(v.metric)),
                el("span", { class: "verdict-mark" }, v.words),
                v.statement !== undefined ? el("q", {}, v.statement) : null,
                v.reason ? el("span", { class: "muted" }, v.reason) : null,
              ),
            ),
          )
        : null;
    const roles = { user: L.convUser, assistant: L.convAssistant, tool: L.convTool };
    let next = 0;
    const turns = (sample.messages || []).map((m, i) => {
      const calls = m.role === "assistant" ? m.toolCalls || [] : [];
      const role = roles[m.role] || m.role;
      return el(
        "li",
        { class: `turn turn-${m.role}`, "aria-label": fill(L.convTurn, i + 1).replace("{role}", role), "data-testid": `turn-${i}` },
        el("div", { class: "muted small" }, role),
        m.content ? el("div", { class: "pre turn-text" }, m.content) : null,
        calls.length ? el("ul", { class: "tool-cards" }, ...calls.map((c) => card(c, next++, "predicted"))) : null,
        verdictList(i, byTurn.get(i)),
      );
    });
    // Beyond 50 turns the middle folds behind a button (the first 10 and the last 40 stay).
    const list = el("ol", { class: "turns" });
    if (turns.length > 50) {
      const more = el("button", { type: "button" }, fill(L.convShowFolded, turns.length - 50));
      const fold = el("li", { class: "turns-folded" }, more);
      list.append(...turns.slice(0, 10), fold, ...turns.slice(turns.length - 40));
      more.addEventListener("click", () => fold.replaceWith(...turns.slice(10, turns.length - 40)));
    } else list.append(...turns);
    const goal = goalVerdict(sampleMetrics);
    if (goal) list.append(goal);
    const reference = sample.referenceToolCalls || [];
    return el(
      "section",
      { class: "conversation", "aria-label": L.conversation },
      el("h3", {}, L.conversation),
      el("p", { class: "muted small", "data-testid": "paired-by" }, pairs ? fill(L.convPairedBy, metricLabel(pairedBy)) : L.convUnpaired),
      el(
        "div",
        { class: "conversation-columns" },
        list,
        el(
          "section",
          { "aria-label": L.convReferenceCalls },
          el("h4", {}, L.convReferenceCalls),
          reference.length
            ? el("ul", { class: "tool-cards" }, ...reference.map((c, i) => card(c, i, "reference")))
            : el("p", { class: "muted small" }, L.convNoReference),
        ),
      ),
    );
  }

  /**
   * The judges' verdicts by the 0-based position of the message they judge, as
   * explorer/conversation/verdicts.ts: conversation faithfulness's statements under the assistant
   * turn, topic adherence's verdict under the user turn. A turn outside the conversation or an
   * unreadable entry (a hand-edited file) shows nothing.
   * @typedef {{ metric: string, words: string, good: boolean, statement?: string, reason: string }} Verdict
   * @param {SampleMetrics} sampleMetrics @param {number} messageCount
   * @returns {Map<number, Verdict[]>}
   */
  function turnVerdicts(sampleMetrics, messageCount) {
    /** @type {Map<number, Verdict[]>} */
    const byTurn = new Map();
    /** @param {unknown} turn @param {Verdict} v */
    const add = (turn, v) => {
      if (typeof turn !== "number" || !Number.isInteger(turn) || turn < 0 || turn >= messageCount) return;
      byTurn.set(turn, [...(byTurn.get(turn) || []), v]);
    };
    /** @param {unknown} v */
    const text = (v) => (typeof v === "string" ? v : "");
    const judged = sampleMetrics.conversation_faithfulness?.trace?.turns;
    for (const t of Array.isArray(judged) ? judged : []) {
      for (const s of Array.isArray(t?.statements) ? t.statements : []) {
        if (s?.verdict !== 0 && s?.verdict !== 1) continue;
        const good = s.verdict === 1;
        add(t.turn, {
          metric: "conversation_faithfulness",
          words: (good ? L.convSupported : L.convNotSupported) || "",
          good,
          statement: text(s.text),
          reason: text(s.reason),
        });
      }
    }
    const topics = sampleMetrics.topic_adherence?.trace?.turns;
    for (const t of Array.isArray(topics) ? topics : []) {
      if ((t?.onTopic !== 0 && t?.onTopic !== 1) || (t.answered !== 0 && t.answered !== 1)) continue;
      const words = (L.convTopic || "")
        .replace("{topic}", (t.onTopic ? L.convOnTopic : L.convOffTopic) || "")
        .replace("{answer}", (t.answered ? L.convAnswered : L.convRefused) || "");
      // On topic and answered, or off topic and declined, is what the assistant should do.
      add(t.turn, { metric: "topic_adherence", words, good: t.onTopic === t.answered, reason: text(t.reason) });
    }
    return byTurn;
  }

  /** Agent goal accuracy's one verdict on the whole conversation, as the turns list's last item. @param {SampleMetrics} sampleMetrics */
  function goalVerdict(sampleMetrics) {
    const trace = sampleMetrics.agent_goal_accuracy?.trace;
    if (!trace || (trace.verdict !== 0 && trace.verdict !== 1)) return null;
    const reached = trace.verdict === 1;
    return el(
      "li",
      { class: `goal-verdict verdict verdict-${reached ? "good" : "bad"}`, "aria-label": L.convGoalVerdict, "data-testid": "goal-verdict" },
      el("span", { class: "muted small" }, metricLabel("agent_goal_accuracy")),
      el("span", { class: "verdict-mark" }, reached ? L.convGoalReached : L.convGoalMissed),
      typeof trace.goal === "string" ? el("span", {}, (L.convGoal || "").replace("{goal}", trace.goal)) : null,
      typeof trace.reason === "string" && trace.reason ? el("span", { class: "muted" }, trace.reason) : null,
    );
  }

  /** Ten bins over [0, 1] of a metric's scores, as inline SVG (numbers only, no text from the report). @param {string} m */
  function histogram(m) {
    const NS = "http://www.w3.org/2000/svg";
    /** @type {number[]} */
    const bins = new Array(10).fill(0);
    for (const r of report.results) {
      const v = r.metrics[m]?.score;
      if (typeof v === "number") {
        const bin = Math.min(9, Math.floor(v * 10));
        bins[bin] = (bins[bin] ?? 0) + 1;
      }
    }
    const max = Math.max(1, ...bins);
    const W = 180;
    const H = 64;
    const pad = { l: 22, r: 6, t: 6, b: 16 };
    const svg = document.createElementNS(NS, "svg");
    /** @template {Element} E @param {E} node @param {Record<string, string | number>} attrs */
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
    /** @param {number} x @param {number} y @param {string} text @param {"start" | "end"} anchor */
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

  /** One metric of an opened sample, as results/MetricCard.tsx: its score, reason or error, trace lists and calls. @param {string} id @param {ReportMetricResult | undefined} r */
  function metricCard(id, r) {
    const box = el(
      "section",
      { class: "metric" },
      el("h3", {}, metricLabel(id), " ", metricLabel(id) === id ? null : el("code", { class: "metric-id" }, id), " ", scoreNode(r, id)),
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
