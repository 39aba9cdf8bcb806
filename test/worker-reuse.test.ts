import { describe, expect, it } from "vitest";
import { environmentOf, groupForWorkerReuse } from "./worker-reuse";

describe("the file order that keeps vitest's workers", () => {
  it("puts files of one project and environment together, keeping the order inside each group and of the groups", () => {
    const files = [
      { name: "e2e/big", key: "e2e node" },
      { name: "unit/a", key: "unit happy-dom" },
      { name: "unit/b", key: "unit node" },
      { name: "unit/c", key: "unit happy-dom" },
      { name: "e2e/small", key: "e2e node" },
      { name: "unit/d", key: "unit node" },
    ];
    expect(groupForWorkerReuse(files, (f) => f.key).map((f) => f.name)).toEqual(["e2e/big", "e2e/small", "unit/a", "unit/c", "unit/b", "unit/d"]);
    // Nothing is lost or doubled, and an ordered list stays as it is.
    expect(groupForWorkerReuse([], String)).toEqual([]);
    expect(groupForWorkerReuse(["x", "x", "y"], String)).toEqual(["x", "x", "y"]);
  });

  it("reads the environment from the file's comment as vitest does, else the project's, else node", () => {
    expect(environmentOf("// @vitest-environment happy-dom\nimport x from 'y';", "node")).toBe("happy-dom");
    expect(environmentOf("/**\n * @jest-environment jsdom\n */", undefined)).toBe("jsdom");
    expect(environmentOf("import { it } from 'vitest';", "happy-dom")).toBe("happy-dom");
    expect(environmentOf("import { it } from 'vitest';", undefined)).toBe("node");
  });
});
