// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { SampleForm } from "../../../src/app/playground/SampleForm";
import { emptyDraft } from "../../../src/app/shared/store/sample-slice";
import { useApp } from "../../../src/app/shared/store";
import { draftToSample } from "../../../src/app/shared/sample-draft";
import { byAccessibleName, byName, buttonByText, click, render, type, type Rendered } from "../render";

let view: Rendered;
beforeEach(() => {
  useApp.setState({ draft: emptyDraft(), lang: "en", apiKey: "" });
  view = render(<SampleForm />);
});
afterEach(() => view.unmount());

const field = (name: string) => byName<HTMLTextAreaElement>(view.container, name);

describe("the sample form", () => {
  test("has the contract-7 fields and buttons", () => {
    for (const name of ["Question", "Answer", "Context 1", "Reference"]) expect(field(name).tagName).toBe("TEXTAREA");
    expect(byName(view.container, "Score").tagName).toBe("BUTTON");
    expect(byName(view.container, "Add context").tagName).toBe("BUTTON");
  });

  test("contexts can be added, moved and removed, and keep their text", async () => {
    await type(field("Context 1"), "first");
    await click(byName(view.container, "Add context"));
    await type(field("Context 2"), "second");
    await click(byName(view.container, "Move context 2 up"));
    expect(field("Context 1").value).toBe("second");
    expect(field("Context 2").value).toBe("first");
    await click(byName(view.container, "Remove context 1"));
    expect(field("Context 1").value).toBe("first");
    // Question, answer, one context, reference, the two id fields and the grades.
    expect(view.container.querySelectorAll("textarea")).toHaveLength(7);
  });

  test("retrieval ids typed one per line or comma-separated become the sample's ranked ids; none typed, none given", async () => {
    expect(draftToSample(useApp.getState().draft, "d")).not.toHaveProperty("retrievedContextIds");
    await type(field("Retrieved ids"), "d3\n d1 , d3\n\nd2");
    await type(field("Relevant ids"), "d1");
    expect(draftToSample(useApp.getState().draft, "d")).toMatchObject({ retrievedContextIds: ["d3", "d1", "d3", "d2"], referenceContextIds: ["d1"] });
    // A loaded sample's ids come back into the fields, in rank order.
    act(() => useApp.getState().loadDraft({ question: "q", answer: "a", contexts: [], retrievedContextIds: ["x", "y"], referenceContextIds: ["y"] }));
    expect(useApp.getState().draft).toMatchObject({ retrievedIds: "x\ny", relevantIds: "y" });
  });

  test("relevance grades go into the sample as id -> gain; a bad entry is named under the field, in either language", async () => {
    await type(field("Relevance grades"), "d1: 2, doc:7 = 0.5\n\nd9=0");
    expect(draftToSample(useApp.getState().draft, "d")).toMatchObject({
      retrievedContextIds: [],
      referenceContextIds: [],
      referenceContextGrades: { d1: 2, "doc:7": 0.5, d9: 0 },
    });
    expect(field("Relevance grades").getAttribute("aria-invalid")).toBeNull();
    // A JSON object pasted from a dataset works too.
    await type(field("Relevance grades"), '{"a": 3, "b": 1}');
    expect(draftToSample(useApp.getState().draft, "d").referenceContextGrades).toEqual({ a: 3, b: 1 });

    await type(field("Relevance grades"), "d1: 2\nd2 -1");
    const grades = field("Relevance grades");
    expect(grades.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(grades.getAttribute("aria-describedby")!)!.textContent).toBe('entry 2 ("d2 -1") is not written id: grade');
    // Grades that do not parse never reach the sample (Score refuses them: test/app/playground/scoring.test.tsx).
    expect(draftToSample(useApp.getState().draft, "d")).not.toHaveProperty("referenceContextGrades");
    await type(field("Relevance grades"), "d1: 2\nd1: 3");
    expect(document.getElementById("relevant-grades-error")!.textContent).toBe('entry 2: "d1" is graded twice');
    await import("react").then(({ act }) => act(() => useApp.setState({ lang: "zh" })));
    expect(document.getElementById("relevant-grades-error")!.textContent).toBe("第 2 项：“d1”的等级给了两次");
    expect(byAccessibleName(view.container, "相关度等级").tagName).toBe("TEXTAREA");
    // A loaded sample's grades come back one per line.
    const { act } = await import("react");
    act(() => useApp.getState().loadDraft({ question: "q", answer: "a", contexts: [], referenceContextGrades: { x: 2, y: 0.5 } }));
    expect(useApp.getState().draft.relevantGrades).toBe("x: 2\ny: 0.5");
    expect(byAccessibleName<HTMLTextAreaElement>(view.container, "相关度等级").value).toBe("x: 2\ny: 0.5");
  });

  test("a metric that lacks its input is disabled and says why", async () => {
    await type(field("Question"), "Q?");
    await type(field("Answer"), "A.");
    await type(field("Context 1"), "C.");
    const precision = byName<HTMLInputElement>(view.container, "context_precision");
    expect(precision.disabled).toBe(true);
    // Its description: what it needs and costs, then why it is off.
    const description = precision
      .getAttribute("aria-describedby")!
      .split(" ")
      .map((id) => document.getElementById(id)!.textContent)
      .join(" | ");
    expect(description).toBe("needs question, contexts, reference · 1 call per sample | needs a reference");
    expect(byName<HTMLInputElement>(view.container, "faithfulness").disabled).toBe(false);
    await type(field("Reference"), "R.");
    expect(byName<HTMLInputElement>(view.container, "context_precision").disabled).toBe(false);
  });

  test("without a key, an edited sample says a key is needed; a built-in example gets the demo judge", async () => {
    await click(buttonByText(view.container, "English example"));
    expect(view.container.textContent).toContain("Demo judge — recorded replies");
    await type(field("Answer"), `${field("Answer").value} Edited.`);
    expect(view.container.textContent).not.toContain("Demo judge — recorded replies");
    expect(view.container.textContent).toContain("needs an API key");
  });

  test("in Chinese the labels translate and name the controls (contract 7, WCAG 2.5.3)", async () => {
    await import("react").then(({ act }) => act(() => useApp.setState({ lang: "zh" })));
    expect(view.container.textContent).toContain("问题");
    expect(byAccessibleName(view.container, "问题").tagName).toBe("TEXTAREA");
    expect(byAccessibleName(view.container, "上下文 1").tagName).toBe("TEXTAREA");
    expect(byAccessibleName(view.container, "打分").tagName).toBe("BUTTON");
    expect(byAccessibleName(view.container, "+ 添加上下文").tagName).toBe("BUTTON");
    expect(view.container.querySelector('[aria-label="Question"], [aria-label="Score"], [aria-label="Add context"]')).toBeNull();
    expect(view.container.querySelectorAll('[role="status"]')).toHaveLength(1);
  });

  test("a pasted conversation: OpenAI messages or ragas multi-turn JSON and reference calls become the sample's turns; a bad one is named (en, zh)", async () => {
    expect(view.container.querySelector("#conversation")).toBeNull();
    await click(byName(view.container, "Conversation"));
    expect(byName(view.container, "Conversation").getAttribute("aria-expanded")).toBe("true");
    const openAi = [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather in Paris?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "weather_check", arguments: '{"location": "Paris"}' } }],
      },
      { role: "tool", tool_call_id: "c1", content: "18 C" },
      { role: "assistant", content: "18 C." },
    ];
    await type(field("Conversation messages"), JSON.stringify(openAi));
    await type(field("Reference tool calls"), '[{"name": "weather_check", "args": {"location": "Paris"}}]');
    expect(view.container.querySelector('[data-testid="conversation-read"]')?.textContent).toBe("Read 4 turns with 1 tool call.");
    expect(draftToSample(useApp.getState().draft, "d")).toMatchObject({
      messages: [
        { role: "user", content: "Weather in Paris?" },
        { role: "assistant", content: "", toolCalls: [{ name: "weather_check", args: { location: "Paris" } }] },
        { role: "tool", content: "18 C" },
        { role: "assistant", content: "18 C." },
      ],
      referenceToolCalls: [{ name: "weather_check", args: { location: "Paris" } }],
    });
    // ragas's multi-turn dump reads the same way.
    await type(
      field("Conversation messages"),
      '[{"type": "human", "content": "你好"}, {"type": "ai", "content": "", "tool_calls": [{"name": "greet", "args": {}}]}]',
    );
    expect(draftToSample(useApp.getState().draft, "d").messages).toEqual([
      { role: "user", content: "你好" },
      { role: "assistant", content: "", toolCalls: [{ name: "greet", args: {} }] },
    ]);
    // A broken argument string: named by message, call and tool; the sample has no turns then.
    const broken = structuredClone(openAi);
    broken[2]!.tool_calls![0]!.function.arguments = '{"location": Paris}';
    await type(field("Conversation messages"), JSON.stringify(broken));
    expect(view.container.querySelector('[data-testid="conversation-problem"]')?.textContent).toMatch(
      /^Conversation messages \(JSON\): message 3, tool call 1 \(weather_check\): arguments are not valid JSON/,
    );
    expect(draftToSample(useApp.getState().draft, "d")).not.toHaveProperty("messages");
    await type(field("Reference tool calls"), '[{"tool": "x"}]');
    expect(view.container.querySelector('[data-testid="tool-calls-problem"]')?.textContent).toBe(
      "Reference tool calls (JSON): tool call 1: expected { name, args } or { function: { name, arguments } }",
    );
    await act(async () => useApp.setState({ lang: "zh" }));
    expect(view.container.querySelector('[data-testid="tool-calls-problem"]')?.textContent).toMatch(/^参考工具调用（JSON）：tool call 1/);
    // A loaded conversation sample opens the fields by itself (a fresh form), its turns as JSON.
    view.unmount();
    useApp.setState({ lang: "en", draft: emptyDraft() });
    view = render(<SampleForm />);
    expect(view.container.querySelector("#conversation")).toBeNull();
    await act(async () => useApp.getState().loadDraft({ question: "", answer: "", contexts: [], messages: [{ role: "user", content: "Hi" }] }));
    expect(JSON.parse(field("Conversation messages").value)).toEqual([{ role: "user", content: "Hi" }]);
  });
});
