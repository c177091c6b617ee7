/**
 * The `atril` command: dispatches to one module per sub-command. Every command answers
 * `--help`; usage errors exit with 2 and a Spanish message.
 */
import { readFileSync } from 'node:fs';
import { type CommandModule, commands } from './commands.js';
import { echo, printableWrites } from './safeText.js';

const USAGE = `Uso: atril <orden> [opciones]

Órdenes:
${commands.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}

«atril <orden> --help» explica cada orden; «atril --version» (o -v) dice la versión.`;

/**
 * The version of the package, from its package.json: two folders up from this module, both as
 * src/cli/main.ts and as dist/cli/main.js.
 */
export function atrilVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Runs the CLI with the given arguments and resolves to the process exit code. */
export async function run(argv: string[]): Promise<number> {
  let [name, ...rest] = argv;
  // «atril ayuda best» (or «help best») is «atril best --help».
  if ((name === 'ayuda' || name === 'help') && rest.length > 0) {
    name = rest[0]!;
    rest = ['--help'];
  }
  if (name === undefined || ['--help', '-h', 'ayuda', 'help'].includes(name)) {
    process.stdout.write(USAGE + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`atril ${atrilVersion()}\n`);
    return 0;
  }
  const cmd = commands.find((c) => c.name === name);
  if (!cmd) {
    process.stderr.write(`Orden desconocida: «${echo(name)}».\n\n${USAGE}\n`);
    return 2;
  }
  let loaded: CommandModule;
  try {
    loaded = await cmd.load();
  } catch (err) {
    process.stderr.write(`Error interno de Atril: ${(err as Error).stack ?? String(err)}\n`);
    return 70;
  }
  const { help, run: runCommand } = loaded;
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(help + '\n');
    return 0;
  }
  // Messages echo file contents, names and arguments: escape control characters in them. Only
  // `play` draws with escape sequences, on stdout; it makes its own texts printable.
  const restore = [
    printableWrites(process.stderr, true),
    ...(cmd.name === 'play' ? [] : [printableWrites(process.stdout, true)]),
  ];
  try {
    return await runCommand(rest);
  } catch (err) {
    process.stderr.write(`Error interno de Atril: ${(err as Error).stack ?? String(err)}\n`);
    return 70;
  } finally {
    for (const r of restore) r();
  }
}
