/**
 * The exported HTML file's stylesheet (allowed by its CSP through its hash). The page itself never
 * scrolls sideways, however many metrics: the summary is cards that wrap, the samples table sits in
 * a box that scrolls on its own (.table-scroll) with the id column kept in view, its columns come
 * from the metric count the viewer sets (--metrics), header names wrap inside their column, and an
 * opened sample is as wide as the box shows (--shown-width, kept by the viewer) and stays in view.
 */
export const VIEWER_CSS = `
body { font: 14px/1.5 system-ui, sans-serif; color: #1c2233; margin: 0; background: #f6f7fb; overflow-wrap: break-word; }
#app { max-width: 1280px; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
@media (max-width: 600px) { #app { padding: .8rem .8rem 2rem; } }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 1.5rem; } h3 { font-size: 1rem; margin: .8rem 0 .2rem; } h4 { margin: .5rem 0 .2rem; font-size: .9rem; }
.ragas { font-size: 1.05rem; } .ragas strong { font-size: 1.2rem; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr)); gap: .6rem; }
.card { background: #fff; border: 1px solid #d6dae6; border-radius: 6px; padding: .5rem .7rem .6rem; min-width: 0; }
.card h3 { margin: 0 0 .3rem; font-size: .95rem; line-height: 1.3; }
code.metric-id { display: block; font-size: .75rem; font-weight: 400; color: #5b6378; overflow-wrap: anywhere; }
.metric h3 code.metric-id { display: inline; margin: 0 .3rem; }
.card dl { display: grid; grid-template-columns: repeat(4, max-content); gap: .2rem .7rem; margin: 0 0 .3rem; }
.card dt { font-size: .75rem; color: #5b6378; } .card dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
@media (max-width: 600px) { .cards { grid-template-columns: repeat(auto-fill, minmax(min(100%, 10rem), 1fr)); gap: .4rem; } .card { padding: .4rem .5rem; } .card dl { grid-template-columns: repeat(2, max-content); } }
.hist-label, .small { font-size: .75rem; } .null-codes { margin-bottom: .3rem; }
.card svg.hist { width: 100%; max-width: 15rem; height: auto; }
.table-scroll { overflow-x: auto; max-width: 100%; border-radius: 6px; }
.table-scroll:focus-visible { outline: 2px solid #6d83d6; outline-offset: 2px; }
.scroll-hint { font-size: .85rem; margin: .2rem 0 .4rem; }
.scroll-hint::before { content: "\\2194  "; }
.muted { color: #5b6378; } .note { background: #fff7e0; padding: .5rem .8rem; border-radius: 6px; }
details.row { background: #fff; border: 1px solid #d6dae6; border-radius: 6px; margin: .4rem 0; }
details.row > summary { cursor: pointer; padding: .4rem .7rem; } .sample { padding: 0 1rem 1rem; }
.q { color: #39415a; } .chip { font-size: .85rem; min-width: 0; overflow-wrap: break-word; line-height: 1.3; }
.score { font-weight: 600; padding: 0 .3rem; border-radius: 4px; } .high { background: #d9f2e1; } .medium { background: #fff1c9; } .low { background: #fbd9d9; }
.null { background: #eceef4; padding: 0 .3rem; border-radius: 4px; } .chip .null { font-size: .75rem; }
.pre, pre { white-space: pre-wrap; overflow-wrap: anywhere; } pre { background: #f1f3f8; padding: .4rem; font-size: .8rem; }
.controls { margin: .4rem 0; display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; } .controls input[type=search] { padding: .3rem .5rem; min-width: min(16rem, 100%); box-sizing: border-box; }
.rows { --id: 7rem; --question: 14rem; --metric: 6rem; --gap: .4rem;
  min-width: calc(var(--id) + var(--question) + var(--metrics) * (var(--metric) + var(--gap)) + var(--gap) + 1.4rem + 2px); }
@media (max-width: 600px) { .rows { --id: 5rem; --question: 9rem; } }
.thead, details.row > summary { display: grid; gap: var(--gap); align-items: center; grid-template-columns: var(--id) minmax(var(--question), 1fr) repeat(var(--metrics), var(--metric)); }
.thead { padding: .3rem .7rem; font-weight: 600; align-items: end; font-size: .8rem; line-height: 1.25; }
.thead > [role=columnheader] { min-width: 0; overflow-wrap: break-word; }
button.sort { font: inherit; background: none; border: 0; padding: 0; cursor: pointer; text-align: left; color: #1c2233; max-width: 100%; overflow-wrap: break-word; }
[aria-sort=ascending] button.sort::after { content: " \\25B2"; } [aria-sort=descending] button.sort::after { content: " \\25BC"; }
details.row > summary .q { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
details.row > summary > strong { overflow-wrap: anywhere; min-width: 0; font-size: .85rem; }
.thead > :first-child, details.row > summary > strong { position: sticky; left: 0; z-index: 1; align-self: stretch; display: flex; align-items: center; }
.thead > :first-child { background: #f6f7fb; align-items: end; } details.row > summary > strong { background: #fff; box-shadow: .4rem 0 0 #fff; }
.sample { position: sticky; left: 0; box-sizing: border-box; max-width: calc(var(--shown-width, 100%) - 2px); }
svg.hist { display: block; overflow: visible; } svg.hist .bar { fill: #6d83d6; } svg.hist .axis { stroke: #8a91a6; } svg.hist .tick { font-size: 10px; fill: #5b6378; }
.metric { border-top: 1px solid #e3e6ef; margin-top: .6rem; } ol.trace li { margin-bottom: .3rem; }
.conversation-columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); gap: .7rem; align-items: start; }
ol.turns, ul.tool-cards { list-style: none; margin: 0; padding: 0; display: grid; gap: .45rem; min-width: 0; }
.turn { max-width: 90%; padding: .4rem .65rem; border: 1px solid #d6dae6; border-radius: 10px; background: #fff; overflow-wrap: anywhere; }
.turn-user { justify-self: end; background: #e9eefb; } .turn-assistant { justify-self: start; }
.turn-tool { justify-self: start; max-width: 100%; border-radius: 6px; background: #f1f3f8; font-family: ui-monospace, monospace; font-size: .8rem; }
.tool-card { padding: .3rem .5rem; border: 1px solid #d6dae6; border-left-width: 4px; border-radius: 6px; background: #f9fafc; min-width: 0; }
.call-matched { border-left-color: #9fd3b1; } .call-extra, .call-missing { border-left-color: #eeaaa4; }
.call-mark { font-size: .8rem; font-weight: 600; } .mark-matched { color: #17663a; } .mark-extra, .mark-missing { color: #a4221a; }
pre.tool-args { margin: .25rem 0 0; } .turns-folded { justify-self: center; }
ul.verdicts { list-style: none; margin: .35rem 0 0; padding: 0; display: grid; gap: .25rem; font-size: .8rem; }
.verdict { display: flex; flex-wrap: wrap; align-items: baseline; gap: .1rem .5rem; padding-left: .45rem; border-left: 3px solid #d6dae6; min-width: 0; }
.verdict-good { border-left-color: #9fd3b1; } .verdict-bad { border-left-color: #eeaaa4; } .verdict-mark { font-weight: 600; }
.verdict-good .verdict-mark { color: #17663a; } .verdict-bad .verdict-mark { color: #a4221a; } .goal-verdict { padding: .3rem .5rem; font-size: .85rem; }
`;
