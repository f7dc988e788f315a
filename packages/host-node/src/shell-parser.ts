import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { analyseShellTree } from '@agentbridge/bridge-acp';
import type { ShellAnalysis } from '@agentbridge/core/contracts';
import type { HostOperations } from './host-operations.js';

type ParseLine = (command: string) => ShellAnalysis;

let loading: Promise<ParseLine> | undefined;

/** A wasm file next to this module (the CLI's bundle copies them there), else from its package. */
function locateWasm(file: string, fromPackage: string): string {
  const beside = fileURLToPath(new URL(`./${file}`, import.meta.url));
  return existsSync(beside) ? beside : createRequire(import.meta.url).resolve(fromPackage);
}

/** Loads web-tree-sitter and the tree-sitter-bash grammar (wasm) once, on the first parse. */
function loadParser(): Promise<ParseLine> {
  loading ??= (async () => {
    const { Parser, Language } = await import('web-tree-sitter');
    await Parser.init({
      locateFile: (file: string) => locateWasm(file, `web-tree-sitter/${file}`),
    });
    const bash = await Language.load(
      locateWasm('tree-sitter-bash.wasm', 'tree-sitter-bash/tree-sitter-bash.wasm'),
    );
    const parser = new Parser();
    parser.setLanguage(bash);
    return (command) => {
      const tree = parser.parse(command);
      if (tree === null) return { ok: false, reason: 'the bash grammar gave no parse tree' };
      try {
        return analyseShellTree(tree.rootNode);
      } finally {
        tree.delete();
      }
    };
  })();
  return loading;
}

/** RU-01: parses a command line with the bash grammar (loaded lazily, once per process). */
export async function parseShellCommand(command: string): Promise<ShellAnalysis> {
  try {
    return (await loadParser())(command);
  } catch (error) {
    return { ok: false, reason: `the bash grammar could not be loaded: ${String(error)}` };
  }
}

/**
 * RU-01: `shell/parse` for the bridge's shell permission rules. Nothing is loaded until a shell
 * command meets a rule, so a run without rules pays nothing.
 */
export function createShellParser(): Required<Pick<HostOperations, 'shell/parse'>> {
  return { 'shell/parse': ({ command }) => parseShellCommand(command) };
}
