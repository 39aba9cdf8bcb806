import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { APP_VERSION, generatorStamp } from "../../../src/storage/format/generator";

const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };

describe("the generator stamp", () => {
  test("carries package.json's version, in the browser app and the CLI alike", () => {
    expect(APP_VERSION).toBe(pkg.version);
    expect(generatorStamp("browser")).toEqual({ name: "ragas-playground (browser)", version: pkg.version });
    expect(generatorStamp("cli")).toEqual({ name: "ragas-playground-cli", version: pkg.version });
  });
});
