/**
 * The README's HTML export sizes: html-size.test.ts at 1,000 rows (`npm run measure:runs`, never
 * part of `npm test`, where 3,000 judge calls took about 12 CPU-seconds for a number to print).
 * The row count is set before the test file loads, hence the dynamic import.
 */
process.env.HTML_SIZE_ROWS = "1000";
await import("./html-size.test");

export {};
