import type * as MonacoApi from "monaco-editor/editor";

/**
 * "prompt-template": the input template's language. {{variables}} are coloured, and typing "{"
 * offers the prompt's own variables, so the only variables a template can easily get are the
 * ones the metric fills. Which variables belong to which editor is registered per model URI.
 */
export const TEMPLATE_LANGUAGE = "prompt-template";

const variablesByModel = new Map<string, readonly string[]>();

/** Tells the completion provider which variables the template in this model may use. */
export function setTemplateVariables(uri: string, variables: readonly string[]): void {
  variablesByModel.set(uri, variables);
}

let registered = false;

export function registerTemplateLanguage(monaco: typeof MonacoApi): void {
  if (registered) return;
  registered = true;
  monaco.languages.register({ id: TEMPLATE_LANGUAGE });
  monaco.languages.setMonarchTokensProvider(TEMPLATE_LANGUAGE, {
    tokenizer: {
      root: [
        [/\{\{\s*[A-Za-z_]\w*\s*\}\}/, "variable.template"],
        [/[^{]+/, ""],
        [/\{/, ""],
      ],
    },
  });
  monaco.languages.setLanguageConfiguration(TEMPLATE_LANGUAGE, {
    // No auto-closing: typing "{{" should not leave stray braces behind a completion.
    autoClosingPairs: [],
    wordPattern: /[A-Za-z_]\w*/,
  });
  monaco.languages.registerCompletionItemProvider(TEMPLATE_LANGUAGE, {
    triggerCharacters: ["{"],
    provideCompletionItems(model, position) {
      const variables = variablesByModel.get(model.uri.toString()) ?? [];
      const line = model.getLineContent(position.lineNumber);
      const before = line.slice(0, position.column - 1);
      const after = line.slice(position.column - 1);
      // Replace what is already typed of "{{name" and any "}}" right after the cursor.
      const typed = /\{{1,2}\s*[A-Za-z_]?\w*$/.exec(before) ?? /[A-Za-z_]\w*$/.exec(before);
      const closing = /^\w*\s*\}{0,2}/.exec(after)?.[0] ?? "";
      const startColumn = position.column - (typed?.[0].length ?? 0);
      const range = new monaco.Range(position.lineNumber, startColumn, position.lineNumber, position.column + closing.length);
      return {
        suggestions: variables.map((name, i) => ({
          label: `{{${name}}}`,
          kind: monaco.languages.CompletionItemKind.Variable,
          detail: "input variable of this prompt",
          documentation: `Filled with the sample's ${name} when the metric runs.`,
          insertText: `{{${name}}}`,
          filterText: `{{${name}}}`,
          sortText: String(i).padStart(3, "0"),
          range,
        })),
      };
    },
  });
}
