import { validatePrompt } from "../../prompts/resolve";
import { checkTemplate } from "../../prompts/template";
import { customId, type CustomJudge } from "./definition";
import { customJudgePrompt } from "./prompt";

export interface JudgeIssue {
  /** Where in the judge: ["definition"], ["levels", 2], or [] for the judge's prompt as a whole. */
  path: (string | number)[];
  message: string;
}

/**
 * Why a judge that passes its schema still could not run: its name, definition and levels become
 * its instruction, where a {{variable}} is refused (validatePrompt), so such a judge scored every
 * sample invalid_prompt. Checked where a judge comes in (a prompt set file, the studio's form), so
 * the user hears it once, naming the judge and the variable, instead of once per sample. Reports
 * keep parsing such judges with the schema alone: a stored run stays readable.
 */
export function judgeIssues(judge: CustomJudge): JudgeIssue[] {
  const who = `judge "${judge.name}" (${customId(judge)})`;
  const issues: JudgeIssue[] = [];
  const words: [JudgeIssue["path"], string][] = [
    [["name"], judge.name],
    [["definition"], judge.definition],
    ...(judge.levels ?? []).map((text, i): [JudgeIssue["path"], string] => [["levels", i], text]),
  ];
  for (const [path, text] of words) {
    for (const use of checkTemplate(text, [])) {
      issues.push({
        path,
        message: `${who}: {{${use.name}}} is a template variable, and a judge's own words cannot hold one (the inputs it sees are added to its prompt on their own); remove the braces`,
      });
    }
  }
  if (issues.length > 0) return issues;
  // Anything else the engine would refuse (an instruction over the size cap), in the engine's words.
  return validatePrompt(customJudgePrompt(judge)).map((issue) => ({ path: [], message: `${who}: ${issue.message}` }));
}
