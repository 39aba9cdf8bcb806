/** {{variable}} templates: the only templating the prompts use, so it can be checked exactly. */

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

interface TemplateVariableUse {
  name: string;
  start: number;
  end: number;
}

function findVariables(template: string): TemplateVariableUse[] {
  return [...template.matchAll(VARIABLE)].map((m) => ({ name: m[1]!, start: m.index!, end: m.index! + m[0].length }));
}

export interface TemplateIssue {
  kind: "unknown_variable" | "missing_variable";
  name: string;
  start?: number;
  end?: number;
  message: string;
}

/** Every known variable must appear, and nothing else may: a typo would silently drop input. */
export function checkTemplate(template: string, known: readonly string[]): TemplateIssue[] {
  const uses = findVariables(template);
  const issues: TemplateIssue[] = uses
    .filter((u) => !known.includes(u.name))
    .map((u) => ({
      kind: "unknown_variable" as const,
      name: u.name,
      start: u.start,
      end: u.end,
      message: `unknown variable {{${u.name}}}; known: ${known.map((k) => `{{${k}}}`).join(", ")}`,
    }));
  for (const name of known) {
    if (!uses.some((u) => u.name === name))
      issues.push({ kind: "missing_variable", name, message: `the template never uses {{${name}}}, so that input would not reach the judge` });
  }
  return issues;
}

export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(VARIABLE, (whole, name: string) => (name in values ? values[name]! : whole));
}
