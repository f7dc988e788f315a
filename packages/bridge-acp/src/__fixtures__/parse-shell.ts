import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import { analyseShellTree } from '../permissions/analyse-shell-tree.js';

// The real grammar, as host-node loads it (test fixtures may do I/O; the bridge may not).
await Parser.init();
const require = createRequire(import.meta.url);
const parser = new Parser();
parser.setLanguage(await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm')));

/** RU-01: a command line as the host's `shell/parse` answers it. */
export function parseShell(command: string) {
  const tree = parser.parse(command);
  if (tree === null) throw new Error('no parse tree');
  return analyseShellTree(tree.rootNode);
}
