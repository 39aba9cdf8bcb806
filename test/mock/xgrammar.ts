/**
 * xgrammar, the structured-output engine vLLM and SGLang use by default, in Node through its
 * WebAssembly build (@mlc-ai/web-xgrammar). It compiles a reply schema the way those servers do
 * (any whitespace, strict mode: no undeclared properties) and answers two questions:
 *   accepts(schema, text)   would the server's grammar let a model write this reply?
 *   generate(schema, ...)   a reply written under the grammar: at each step a random token the
 *                           grammar allows, from a small vocabulary (see xgrammar-walk.ts).
 *
 * The npm build is an Emscripten UMD bundle marked as an ES module: it reads `require` and
 * `__filename`, which an ES module does not have, and puts its exports on globalThis.xgrammar.
 * Both are lent to it while it loads and initialises its WebAssembly, then taken back.
 */
import { createRequire } from "node:module";
import type * as Xgrammar from "@mlc-ai/web-xgrammar";
import { VOCABULARY, STOP_TOKEN, walk, type WalkOptions } from "./xgrammar-walk";

type Xg = typeof Xgrammar;
type Json = Record<string, unknown>;

let loaded: Promise<Xg> | undefined;

/** The package, loaded once per process. */
function loadXgrammar(): Promise<Xg> {
  loaded ??= (async () => {
    const g = globalThis as Record<string, unknown>;
    const saved = { require: g.require, __filename: g.__filename };
    const require = createRequire(import.meta.url);
    g.require = require;
    g.__filename = require.resolve("@mlc-ai/web-xgrammar");
    try {
      await import("@mlc-ai/web-xgrammar");
      const xg = g.xgrammar as Xg | undefined;
      if (!xg?.Grammar) throw new Error("@mlc-ai/web-xgrammar did not register globalThis.xgrammar");
      // The first call starts the WebAssembly module, which is when it reads require/__filename.
      (await xg.Grammar.builtinJSONGrammar()).dispose();
      return xg;
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete g[key];
        else g[key] = value;
      }
    }
  })();
  return loaded;
}

/** A schema xgrammar would not compile: vLLM answers such a request with a 400. */
class XgrammarRefusal extends Error {}

export interface XgrammarEngine {
  /** The installed package version (what the conformance test checked). */
  version: string;
  /** Throws XgrammarRefusal with xgrammar's own message when the schema does not compile. */
  compile(schema: Json): Promise<Xgrammar.CompiledGrammar>;
  accepts(schema: Json, text: string): Promise<boolean>;
  generate(schema: Json, options: WalkOptions): Promise<string>;
}

const CACHE_LIMIT = 512;
let engine: Promise<XgrammarEngine> | undefined;

/**
 * One engine per process: a tokenizer over the walk's vocabulary, a compiler, compiled grammars
 * cached by schema text. Compiled as vLLM does: any whitespace between tokens, strict mode.
 */
export function xgrammarEngine(): Promise<XgrammarEngine> {
  engine ??= (async () => {
    const xg = await loadXgrammar();
    const version = (createRequire(import.meta.url)("@mlc-ai/web-xgrammar/package.json") as { version: string }).version;
    const tokenizer = await xg.TokenizerInfo.createTokenizerInfo([...VOCABULARY], "raw", false, VOCABULARY.length, [STOP_TOKEN]);
    const compiler = await xg.GrammarCompiler.createGrammarCompiler(tokenizer);
    const compiled = new Map<string, Promise<Xgrammar.CompiledGrammar>>();

    function compile(schema: Json): Promise<Xgrammar.CompiledGrammar> {
      const key = JSON.stringify(schema);
      let grammar = compiled.get(key);
      if (!grammar) {
        if (compiled.size >= CACHE_LIMIT) compiled.clear();
        grammar = compiler.compileJSONSchema(key, true, undefined, undefined, true).catch((error: unknown) => {
          compiled.delete(key);
          throw new XgrammarRefusal(`xgrammar refused the schema: ${error instanceof Error ? error.message : String(error)}`);
        });
        compiled.set(key, grammar);
      }
      return grammar;
    }

    async function accepts(schema: Json, text: string): Promise<boolean> {
      const grammar = (await compile(schema)).grammar();
      try {
        return await xg.Testings.isGrammarAcceptString(grammar, text);
      } finally {
        grammar.dispose();
      }
    }

    async function generate(schema: Json, options: WalkOptions): Promise<string> {
      const matcher = await xg.GrammarMatcher.createGrammarMatcher(await compile(schema));
      try {
        return await walk(matcher, options);
      } finally {
        matcher.dispose();
      }
    }

    return { version, compile, accepts, generate };
  })();
  return engine;
}
