// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { ConnectionFields } from "../../../src/app/settings/ConnectionFields";
import { useApp } from "../../../src/app/shared/store";
import { render, type Rendered } from "../render";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  useApp.setState({ lang: "en" });
});

const hint = () => view!.container.querySelector("#settings-embedding-model-hint")!.textContent;

describe("the embedding model's help", () => {
  it.each([
    ["en", "Used by Answer relevancy, Answer correctness, Semantic similarity. Leave empty to skip them."],
    ["zh", "答案相关性、答案正确性、语义相似度需要它；留空则跳过这些指标。"],
  ] as const)("names every metric that embeds, from the registry (%s)", (lang, text) => {
    useApp.setState({ lang });
    view = render(<ConnectionFields />);
    expect(hint()).toBe(text);
  });
});
