import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../../src/", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(`${dir}${e.name}/`) : /\.tsx?$/.test(e.name) ? [`${dir}${e.name}`] : [],
  );
}

// hyparquet must stay out of the main bundle: only parquet.ts imports it, and parquet.ts is only
// ever imported dynamically (a vite build of table.ts puts it in its own chunk, checked by hand).
describe("parquet reader is loaded lazily", () => {
  it("no file but parquet.ts imports hyparquet, and none imports parquet.ts statically", () => {
    const files = sources(SRC);
    const hyparquet = files.filter((f) => /from "hyparquet"/.test(readFileSync(f, "utf8")));
    expect(hyparquet.map((f) => f.slice(SRC.length))).toEqual(["storage/format/parquet.ts"]);
    const staticParquet = files.filter((f) => /^import [^;]*from "[./]*(storage\/format\/)?parquet"/m.test(readFileSync(f, "utf8")));
    expect(staticParquet).toEqual([]);
    expect(readFileSync(`${SRC}storage/format/table.ts`, "utf8")).toContain('await import("./parquet")');
  });
});
