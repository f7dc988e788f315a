/** Files Claude Code always asks before editing (shell, git and tool configuration), any case. */
const protectedFiles = new Set(
  (
    '.gitconfig .gitmodules .bashrc .bash_profile .zshrc .zprofile .profile .zshenv .zlogin ' +
    '.zlogout .bash_login .bash_aliases .bash_logout .envrc .ripgreprc .mcp.json .claude.json ' +
    '.npmrc .yarnrc .yarnrc.yml .pnp.cjs .pnp.loader.mjs .pnp.js .pnp.data.json .pnpmfile.cjs ' +
    'bunfig.toml .bunfig.toml .bazelrc .bazelversion .bazeliskrc .pre-commit-config.yaml ' +
    'lefthook.yml .lefthook.yml lefthook.yaml .lefthook.yaml gradle-wrapper.properties ' +
    'maven-wrapper.properties .devcontainer.json pyrightconfig.json'
  ).split(' '),
);
/** Directories whose contents Claude Code always asks before editing. */
const protectedDirectories = new Set(
  '.git .vscode .idea .claude .husky .cargo .devcontainer .yarn .mvn'.split(' '),
);

/**
 * RU-12: a path no allow rule and no `acceptEdits` approves an edit of, as Claude Code asks for
 * it whatever the rules: a shell, git or tool configuration file (`.bashrc`, `.mcp.json`, ...),
 * or anything inside `.git`, `.claude`, `.vscode`, `.husky`, ... or `.config/git`.
 */
export function isProtectedPath(path: string): boolean {
  const parts = path
    .replace(/\\/g, '/')
    .toLowerCase()
    .split('/')
    .map((part) => part.replace(/[. ]+$/, '') || part);
  const name = parts.at(-1) ?? '';
  if (protectedFiles.has(name)) return true;
  const directories = parts.slice(0, -1);
  return directories.some(
    (part, index) =>
      protectedDirectories.has(part) || (part === '.config' && directories[index + 1] === 'git'),
  );
}
