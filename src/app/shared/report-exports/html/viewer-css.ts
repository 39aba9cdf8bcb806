/** The exported HTML file's stylesheet (allowed by its CSP through its hash). */
export const VIEWER_CSS = `
body { font: 14px/1.5 system-ui, sans-serif; color: #1c2233; margin: 0; background: #f6f7fb; }
#app { max-width: 1100px; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 1.5rem; } h3 { font-size: 1rem; margin: .8rem 0 .2rem; } h4 { margin: .5rem 0 .2rem; font-size: .9rem; }
table { border-collapse: collapse; background: #fff; } th, td { border: 1px solid #d6dae6; padding: .3rem .6rem; text-align: left; }
.muted { color: #5b6378; } .note { background: #fff7e0; padding: .5rem .8rem; border-radius: 6px; }
details.row { background: #fff; border: 1px solid #d6dae6; border-radius: 6px; margin: .4rem 0; }
details.row > summary { cursor: pointer; padding: .4rem .7rem; } .sample { padding: 0 1rem 1rem; }
.q { color: #39415a; } .chip { display: inline-block; margin-right: .3rem; font-size: .85rem; }
.score { font-weight: 600; padding: 0 .3rem; border-radius: 4px; } .high { background: #d9f2e1; } .medium { background: #fff1c9; } .low { background: #fbd9d9; }
.null { background: #eceef4; padding: 0 .3rem; border-radius: 4px; }
.pre, pre { white-space: pre-wrap; overflow-wrap: anywhere; } pre { background: #f1f3f8; padding: .4rem; font-size: .8rem; }
.controls { margin: .4rem 0; display: flex; gap: .6rem; align-items: center; flex-wrap: wrap; } .controls input[type=search] { padding: .3rem .5rem; min-width: 16rem; }
.thead, details.row > summary { display: grid; gap: .4rem; align-items: center; } .thead { padding: .3rem .7rem; font-weight: 600; }
button.sort { font: inherit; background: none; border: 0; padding: 0; cursor: pointer; text-align: left; color: #1c2233; }
[aria-sort=ascending] button.sort::after { content: " \\25B2"; } [aria-sort=descending] button.sort::after { content: " \\25BC"; }
details.row > summary .q { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
svg.hist { display: block; overflow: visible; } svg.hist .bar { fill: #6d83d6; } svg.hist .axis { stroke: #8a91a6; } svg.hist .tick { font-size: 10px; fill: #5b6378; }
.metric { border-top: 1px solid #e3e6ef; margin-top: .6rem; } ol.trace li { margin-bottom: .3rem; }
`;
