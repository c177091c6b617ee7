/**
 * SIGHUP (and SIGTERM) in single-key mode put the terminal back out of raw mode before Atril
 * exits (issue 10, item 12). A real pseudo-terminal: a shell runs `atril play`, and after it
 * dies reports the terminal's mode with `stty -a`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { spawn } from 'node-pty';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/tempDir.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'atril.js');

async function until(read: () => string, text: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!read().includes(text)) {
    if (Date.now() > end) throw new Error(`no «${text}» in:\n${read().slice(-1500)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('line mode and Control+C (issue 10, item 7)', () => {
  it('an unfinished game is saved and where said, exit 130; --cargar goes on from there', async () => {
    const saves = tempDir('atril-sigint-');
    const pty = spawn(
      process.execPath,
      [BIN, 'play', '--lineas', '--jugadores', 'Ana', 'Luis', '--seed', '7'],
      {
        cols: 100,
        rows: 45,
        env: { ...process.env, NO_COLOR: '1', ATRIL_SAVE_DIR: saves } as Record<string, string>,
      },
    );
    let out = '';
    pty.onData((d) => (out += d));
    const exit = new Promise<number>((ok) => pty.onExit((e) => ok(e.exitCode)));
    try {
      await until(() => out, 'pulsa Intro.');
      pty.write('\r');
      await until(() => out, 'Atril: ');
      pty.write('8H celo\r');
      await until(() => out, 'Pasa el teclado a Ana');
      pty.write('\x03');
      expect(await exit).toBe(130);
      const file =
        /Partida interrumpida\. La partida queda sin terminar; está guardada en «([^»]+)»/.exec(
          out,
        )?.[1];
      expect(file).toBeDefined();
      const again = spawnSync(process.execPath, [BIN, 'play', '--cargar', file!], {
        input: 'marcador\n',
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', ATRIL_SAVE_DIR: saves },
      });
      expect(again.stdout).toContain('Ana 0, Luis 12.');
    } finally {
      pty.kill();
    }
  });
});

describe('key mode and termination signals', () => {
  for (const [signal, code] of [
    ['SIGHUP', 129],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal}: the terminal is no longer raw afterwards, exit ${code}`, async () => {
      // The shell stays until the test kills it: a pty whose last process exits at once may
      // drop the output it had not yet handed over (seen under load: stty cut short, no FIN).
      const script = `"${process.execPath}" "${BIN}" play --jugadores Ana Luis --seed 3; echo "SALIDA=$?"; stty -a; echo FIN; exec sleep 120`;
      const pty = spawn('/bin/sh', ['-c', script], {
        cols: 100,
        rows: 45,
        env: { ...process.env, NO_COLOR: '1' } as Record<string, string>,
      });
      let out = '';
      pty.onData((d) => (out += d));
      try {
        await until(() => out, 'pulsa Intro.');
        // A move first: a game nobody has moved in is left without a file.
        pty.write('\r');
        await until(() => out, 'cursor');
        pty.write('/pasar\r');
        await until(() => out, 'pasa.');
        const child = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pty.pid)], {
          encoding: 'utf8',
        }).trim();
        process.kill(Number(child.split(/\s+/)[0]), signal);
        await until(() => out, 'FIN');
        // Nobody is left to ask: the unfinished game is saved, and where is said (issue 10, 7).
        expect(out).toContain('Hasta luego. La partida queda sin terminar; está guardada en');
        const after = out.slice(out.indexOf('SALIDA='));
        expect(after).toMatch(new RegExp(`SALIDA=${code}`));
        expect(after).toMatch(/(^|\s)icanon(\s|;)/);
        expect(after).toMatch(/(^|\s)echo(\s|;)/);
      } finally {
        pty.kill();
      }
    });
  }
});
