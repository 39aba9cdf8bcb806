import type { CallRecord } from "../../../engine";
import { draftToSample } from "../../shared/sample-draft";
import { planFor, realPorts } from "../../shared/ports/judge-ports";
import { estimateCost } from "../../../storage/prices";
import { useApp } from "../../shared/store";
import { examplesToText } from "../logic/draft";
import { checkExamplesText } from "../logic/examples-check";
import { applyStrings, collectStrings, translationMessages, translationSpec, TRANSLATE_PROMPT_HASH, TRANSLATE_PROMPT_ID } from "../logic/translate";
import { notify, promptById, useStudio } from "./store";

/**
 * Translates the selected prompt's few-shot examples with the judge, in one call, and opens the
 * result for review in the diff editor. Nothing changes in the draft or in storage until the
 * user applies or saves it.
 */
export async function translateExamples(language: string): Promise<void> {
  const { selectedId: promptId, drafts } = useStudio.getState();
  const prompt = promptById(promptId);
  const draft = drafts[promptId];
  if (!draft || !language.trim()) return;
  const checked = checkExamplesText(draft.examplesText, prompt);
  if (!checked.examples) return notify("error", (m) => m.translateBroken);
  const { strings, slots } = collectStrings(checked.examples);
  if (strings.length === 0) return notify("error", (m) => m.translateNothing);
  // The demo judge answers only the metrics' built-in prompts; translating needs a real endpoint.
  if (planFor(draftToSample(useApp.getState().draft, "")).kind !== "real") return notify("error", (m) => m.needKey);

  useStudio.setState({ busy: "translate", notice: null });
  try {
    const { judge } = await realPorts(useApp.getState().bypassCache);
    const reply = await judge.complete({
      promptId: TRANSLATE_PROMPT_ID,
      promptHash: TRANSLATE_PROMPT_HASH,
      messages: translationMessages(language.trim(), strings),
      output: translationSpec(strings),
    });
    const after = examplesToText(applyStrings(checked.examples, slots, reply.value));
    const calls: CallRecord[] = reply.calls;
    const cost = estimateCost(calls, useApp.getState().settings.prices);
    const tokens = calls.filter((c) => !c.cached).reduce((n, c) => n + c.promptTokens + c.completionTokens, 0);
    useStudio.setState({
      translation: { promptId, language: language.trim(), before: draft.examplesText, after, tokens, usd: cost.unpriced.length > 0 ? null : cost.usd },
      field: "examplesText",
    });
  } catch (error) {
    notify("error", (m) => m.translationFailed(error instanceof Error ? error.message : String(error)));
  } finally {
    useStudio.setState({ busy: null });
  }
}
