import type { ShellAnalysis, ShellSimpleCommand } from '@agentbridge/core/contracts';

/** The part of a tree-sitter node (web-tree-sitter's `Node`) the analysis reads. */
type ShellSyntaxNode = {
  readonly type: string;
  readonly text: string;
  readonly isNamed: boolean;
  readonly hasError: boolean;
  readonly children: readonly (ShellSyntaxNode | null)[];
};

/** Nodes that only group commands: their commands are analysed one by one. */
const groups = new Set([
  'program',
  'list',
  'pipeline',
  'subshell',
  'compound_statement',
  'negated_command',
  'redirected_statement',
]);
/** Word nodes whose value run time decides, and the construct each is (for `complex`). */
const dynamicWords: Record<string, string> = {
  command_substitution: 'command substitution',
  process_substitution: 'process substitution',
  arithmetic_expansion: 'arithmetic expansion',
  simple_expansion: 'parameter expansion',
  expansion: 'parameter expansion',
  brace_expression: 'brace expansion',
};
const wordTypes = new Set([
  'word',
  'string',
  'raw_string',
  'ansi_c_string',
  'number',
  'concatenation',
  'variable_name',
  'string_content',
  'extglob_pattern',
  'regex',
]);
const ansiEscapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b' };

const childrenOf = (node: ShellSyntaxNode): ShellSyntaxNode[] =>
  node.children.filter((child): child is ShellSyntaxNode => child !== null);

/**
 * RU-01: a tree-sitter-bash parse tree as a {@link ShellAnalysis}: every simple command with its
 * unquoted words and redirections (those of `(…)`, `{ …; }`, `$(…)`, `<(…)` included), and the
 * constructs no prefix rule can vouch for. A tree with errors is `{ ok: false }` with the place.
 */
export function analyseShellTree(root: ShellSyntaxNode): ShellAnalysis {
  if (root.hasError) {
    const error = findError(root);
    const near = error === undefined ? '' : ` near \`${error.text.slice(0, 40)}\``;
    return { ok: false, reason: `the bash grammar could not parse the command line${near}` };
  }
  const commands: ShellSimpleCommand[] = [];
  const complex = new Set<string>();
  const visit = (node: ShellSyntaxNode, redirects: ShellSimpleCommand['redirects']): void => {
    if (node.type === 'comment' || !node.isNamed) return;
    if (node.type === 'command' || node.type === 'declaration_command') {
      commands.push(readCommand(node, redirects, visit, complex));
      return;
    }
    if (node.type === 'redirected_statement') {
      const own = childrenOf(node).filter((child) => child.type.endsWith('redirect'));
      const all = [...redirects, ...own.map((child) => readRedirect(child, visit, complex))];
      for (const child of childrenOf(node)) if (!own.includes(child)) visit(child, all);
      return;
    }
    if (node.type === 'variable_assignment') {
      commands.push({ argv: [], assignments: [node.text], redirects });
      for (const child of childrenOf(node)) visitWord(child, visit, complex);
      return;
    }
    if (!groups.has(node.type)) {
      complex.add(dynamicWords[node.type] ?? node.type.replace(/_/g, ' '));
      // Control flow (`if`, `while`, `case`, functions) holds statements and words.
      for (const child of childrenOf(node)) {
        if (wordTypes.has(child.type) || child.type in dynamicWords)
          visitWord(child, visit, complex);
        else if (child.isNamed) visit(child, redirects);
      }
      return;
    }
    // A subshell or group runs its commands elsewhere than the line: no prefix rule vouches for it.
    if (node.type === 'subshell' || node.type === 'compound_statement')
      complex.add(node.type.replace(/_/g, ' '));
    for (const child of childrenOf(node)) visit(child, redirects);
  };
  visit(root, []);
  return { ok: true, commands, complex: [...complex] };
}

type Visit = (node: ShellSyntaxNode, redirects: ShellSimpleCommand['redirects']) => void;

function findError(node: ShellSyntaxNode): ShellSyntaxNode | undefined {
  if (node.type === 'ERROR') return node;
  for (const child of childrenOf(node)) {
    const found = child.hasError ? findError(child) : undefined;
    if (found !== undefined) return found;
  }
  return node.hasError ? node : undefined;
}

function readCommand(
  node: ShellSyntaxNode,
  redirects: ShellSimpleCommand['redirects'],
  visit: Visit,
  complex: Set<string>,
): ShellSimpleCommand {
  const argv: (string | undefined)[] = [];
  const assignments: string[] = [];
  const own: ShellSimpleCommand['redirects'][number][] = [];
  for (const child of childrenOf(node)) {
    if (!child.isNamed) {
      // `declare`, `export`, `local`, ... are anonymous keywords.
      if (node.type === 'declaration_command') argv.push(child.text);
    } else if (child.type === 'variable_assignment' && argv.length === 0) {
      assignments.push(child.text);
      for (const part of childrenOf(child)) visitWord(part, visit, complex);
    } else if (child.type.endsWith('redirect')) own.push(readRedirect(child, visit, complex));
    else if (child.type !== 'comment') {
      const target = child.type === 'command_name' ? (childrenOf(child)[0] ?? child) : child;
      argv.push(wordValue(target, visit, complex));
    }
  }
  return { argv, assignments, redirects: [...redirects, ...own] };
}

function readRedirect(node: ShellSyntaxNode, visit: Visit, complex: Set<string>) {
  if (node.type !== 'file_redirect') {
    // A heredoc or here-string feeds stdin: its body may expand, so it is looked into.
    complex.add(node.type === 'heredoc_redirect' ? 'heredoc' : 'here-string');
    for (const child of childrenOf(node)) visitWord(child, visit, complex);
    return { operator: node.type === 'heredoc_redirect' ? '<<' : '<<<', target: '' };
  }
  const parts = childrenOf(node);
  const operator = parts.find((part) => !part.isNamed)?.text ?? '>';
  const destination = parts
    .filter((part) => part.isNamed && part.type !== 'file_descriptor')
    .at(-1);
  const target = destination === undefined ? '' : wordValue(destination, visit, complex);
  return { operator, target: target ?? '$?' };
}

/** Looks into a word for the commands its substitutions run. */
function visitWord(node: ShellSyntaxNode, visit: Visit, complex: Set<string>): void {
  const kind = dynamicWords[node.type];
  if (kind !== undefined) complex.add(kind);
  if (node.type === 'command_substitution' || node.type === 'process_substitution') {
    for (const child of childrenOf(node)) visit(child, []);
    return;
  }
  for (const child of childrenOf(node)) visitWord(child, visit, complex);
}

/** A word's value after quote removal, or `undefined` when an expansion decides it. */
function wordValue(node: ShellSyntaxNode, visit: Visit, complex: Set<string>): string | undefined {
  visitWord(node, visit, complex);
  switch (node.type) {
    case 'word':
    case 'number':
      return node.text.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1');
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return node.text
        .slice(2, -1)
        .replace(/\\(.)/gs, (_, character: string) => ansiEscapes[character] ?? character);
    case 'string': {
      const parts = childrenOf(node).filter((child) => child.isNamed);
      if (parts.some((part) => part.type !== 'string_content')) return undefined;
      return node.text
        .slice(1, -1)
        .replace(/\\([$`"\\\n])/g, (_, c: string) => (c === '\n' ? '' : c));
    }
    case 'concatenation': {
      const values = childrenOf(node).map((part) => wordValue(part, () => {}, new Set()));
      return values.every((value) => value !== undefined) ? values.join('') : undefined;
    }
    default:
      return undefined;
  }
}
