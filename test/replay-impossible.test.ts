/**
 * `atril replay` refuses records of games that cannot have been played (issue 10, item 11):
 * exit 2, as its help says for an impossible move. Each case is a record that replayed as
 * "todo cuadra" (or with a warning) before.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply } from '../src/engine/apply.js';
import type { GameState } from '../src/engine/gameState.js';
import { newGame } from '../src/engine/newGame.js';
import { gameToGcg } from '../src/engine/notation/gameRecord.js';
import { parseGcgText, writeGcg } from '../src/engine/notation/gcg.js';
import { replayRecord } from '../src/engine/notation/recordAudit.js';
import { makeRules, type PresetName } from '../src/engine/rules.js';
import { Rng, seedRng } from '../src/engine/rng.js';
import { WordIndex, randomAction } from '../src/engine/testing/randomPlayer.js';
import { SPANISH, rackToTiles, tilesToGcg, wordToTiles } from '../src/engine/tiles.js';
import { gcgDir } from './gcg-dir.js';
import { runCli } from './helpers/runCli.js';
import { tempDir } from './helpers/tempDir.js';

const HEAD = '#tile-distribution spanish\n#player1 a Ana\n#player2 b Berto\n';
const dir = tempDir('atril-imposible-');

function outcome(text: string): string {
  const parsed = parseGcgText(text);
  if (!parsed.ok) throw new Error(parsed.error.code);
  const r = replayRecord(parsed.value.record, { lines: parsed.value.lines });
  if (r.ok) return r.value.ok ? 'OK' : 'MISMATCH';
  const e = r.error;
  const figures = [e.tiles, e.count, e.held, e.bag, e.needed].filter((x) => x !== undefined);
  return [`${e.impossible ?? e.code}@${e.line}`, ...figures].join(' ');
}

async function cli(text: string): Promise<{ code: number; err: string }> {
  const f = join(dir, `r${Math.random().toString(36).slice(2)}.gcg`);
  writeFileSync(f, text);
  return runCli('replay', f, '--lexicon', 'none');
}

const sum = (counts: Uint8Array): number => counts.reduce((a, b) => a + b, 0);

let words: WordIndex | undefined;
function wordIndex(): WordIndex {
  if (words) return words;
  const list = createRequire(import.meta.url)('an-array-of-spanish-words') as string[];
  const tiles: number[][] = [];
  for (const w of list) {
    if (w.length > 6) continue;
    const t = wordToTiles(SPANISH, w);
    if (t.ok && t.value.length >= 2) tiles.push(t.value);
  }
  return (words = new WordIndex(SPANISH, tiles));
}

/** A seeded random game of `preset`, played until `stop` holds with the seat on turn to act. */
function gameUntil(preset: PresetName, stop: (s: GameState) => boolean): GameState {
  for (let seed = 1; seed < 50; seed++) {
    const rng = new Rng(seedRng(`imposible-${seed}`));
    let s = newGame({ rules: makeRules(preset), seed: `imposible-${seed}`, players: 2 });
    for (let i = 0; i < 400 && !s.result; i++) {
      if (!s.pending && stop(s)) return s;
      const r = apply(s, randomAction(s, wordIndex(), rng), wordIndex());
      if (r.ok) s = r.value.state;
    }
  }
  throw new Error('no game reached the situation');
}

/** The record of `s` with `extra` event lines (`NICK` replaced by the nick on turn) appended. */
function recordPlus(s: GameState, extra: string): string {
  const record = gameToGcg(s, { names: ['Ana', 'Luis'] });
  const nick = record.players[s.turn]!.nick;
  const total = s.scores[s.turn]!;
  return writeGcg(record) + extra.replaceAll('NICK', nick).replaceAll('TOTAL', String(total));
}

describe('item 11: tiles the set does not have', () => {
  it('three Z: two on the board and one in a rack, or two on the board', () => {
    expect(outcome(HEAD + '>a: AZ 8G ZA +22 22\n>b: OZ 9G ZO +33 33\n')).toBe('TOO_MANY_TILES@5 Z');
    expect(outcome(HEAD + '>a: AZ 8G ZA +22 22\n>b: OZ 9G O +0 0\n')).toBe('TOO_MANY_TILES@5 Z');
  });
  it('three blanks in a rack', () =>
    expect(outcome(HEAD + '>a: ???AB 8G AB +8 8\n')).toBe('TOO_MANY_TILES@4 ?'));
  it('atril replay exits 2 and says which tile', async () => {
    const r = await cli(HEAD + '>a: ???AB 8G AB +8 8\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/línea 4 \(turno 1\): partida imposible: hay más fichas \?/);
  });
});

describe('item 11: a rack holds rackSize tiles (G-03, V-01)', () => {
  it('8 tiles placed with 7-tile racks', () =>
    expect(outcome(HEAD + '>a: AAAAAAAA 8A AAAAAAAA +58 58\n')).toBe('RACK_OVERFLOW@4 8 7'));
  it('8 tiles are fine with the 9-tile variant of #atril-rules', () =>
    expect(
      outcome('#atril-rules {"rackSize":9}\n' + HEAD + '>a: AAAAAAAA 8A AAAAAAAA +104 104\n'),
    ).toBe('OK'));
  it('an exchange of 8 tiles with 7-tile racks', () =>
    expect(outcome(HEAD + '>a: -8 +0 0\n')).toBe('RACK_OVERFLOW@4 8 7'));
  it('a stated rack of 10 tiles with 7-tile racks, whatever the move', () => {
    expect(outcome(HEAD + '>a: ACASERTXYZ 8G CASA +12 12\n')).toBe('RACK_TOO_LONG@4 10 7');
    expect(outcome(HEAD + '>a: ACASERTX -ZX +0 0\n')).toBe('RACK_TOO_LONG@4 8 7');
    expect(outcome(HEAD + '>a: ACASERTX - +0 0\n')).toBe('RACK_TOO_LONG@4 8 7');
    // Partial racks are fine, and 9 tiles fit the 9-tile variant.
    expect(outcome(HEAD + '>a: ACAS 8G CASA +12 12\n')).toBe('OK');
    expect(outcome('#atril-rules {"rackSize":9}\n' + HEAD + '>a: ACASERTXY 8G CASA +12 12\n')).toBe(
      'OK',
    );
  });
  it('with the bag empty, a stated rack longer than the tiles the player has left', () => {
    const s = gameUntil('fise', (g) => g.bag.length === 0 && sum(g.racks[g.turn]!) < 7);
    const own = rackToTiles(s.racks[s.turn]!);
    // Its own tiles and one of the other player's: no more of any tile than the set has.
    const rack = tilesToGcg(SPANISH, [...own, rackToTiles(s.racks[1 - s.turn]!)[0]!], '?');
    const text = recordPlus(s, `>NICK: ${rack} - +0 TOTAL\n`);
    expect(outcome(text)).toBe(
      `RACK_TOO_LONG@${text.trimEnd().split('\n').length} ${own.length + 1} ${own.length}`,
    );
  });
  it('atril replay and atril analyze exit 2 and name the line', async () => {
    const text = HEAD + '>a: ACASERTXYZ 8G CASA +12 12\n';
    const r = await cli(text);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'línea 4 (turno 1): partida imposible: el atril anotado tiene 10 fichas, pero en el atril solo puede haber 7.',
    );
    const f = join(dir, 'atril-de-10.gcg');
    writeFileSync(f, text);
    const a = await runCli('analyze', f);
    expect(a.code).toBe(2);
    expect(a.err).toContain('el atril anotado tiene 10 fichas');
  });
});

describe('item 11: an exchange the bag cannot fund (X-01…X-03)', () => {
  it('fise: an exchange with the bag empty (X-02 needs 1 tile)', async () => {
    const s = gameUntil('fise', (g) => g.bag.length === 0);
    const text = recordPlus(s, '>NICK: -1 +0 TOTAL\n');
    expect(outcome(text)).toMatch(/^EXCHANGE_BAG_TOO_SMALL@\d+ 0 1$/);
    const r = await cli(text);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/un cambio con 0 fichas en la bolsa; hacen falta al menos 1/);
  });
  it('sala: the preset’s limit of 8 (X-03) holds, where Spanish practice would allow it', () => {
    const s = gameUntil('sala', (g) => g.bag.length > 0 && g.bag.length < 8);
    const text = recordPlus(s, '>NICK: -1 +0 TOTAL\n');
    expect(outcome(text)).toBe(
      `EXCHANGE_BAG_TOO_SMALL@${text.trimEnd().split('\n').length} ${s.bag.length} 8`,
    );
    // Without Atril's rules the record is a plain Spanish one: 1 tile in the bag is enough.
    expect(outcome(text.replace(/^#atril-rules .*\n/m, ''))).not.toMatch(/EXCHANGE/);
  });
});

describe('item 11: the game is over when a player goes out with the bag empty (E-01)', () => {
  const sample = (): string[] =>
    readFileSync(join(gcgDir(), 'ropita_sample2.gcg'), 'utf8').trimEnd().split('\n');

  it('a Macondo record ends cleanly; a turn after the last play is refused, exit 2', async () => {
    const lines = sample();
    expect(outcome(lines.join('\n'))).toBe('OK');
    const end = lines.findIndex((l) => /^>[^:]+:\s+\(/.test(l));
    const last = lines[end - 1]!;
    const goer = /^>([^:]+):/.exec(last)![1]!;
    const other = /^>([^:]+):/.exec(lines[end - 2]!)![1]!;
    const cut = lines.slice(0, end);
    for (const extra of [
      `>${goer}: - +0 0`,
      `>${other}: AB -AB +0 0`,
      `>${other}: - +0 0\n>${other}: - +0 0`,
    ]) {
      const text = [...cut, extra].join('\n') + '\n';
      expect(outcome(text), extra).toMatch(/^MOVE_AFTER_END@/);
    }
    const r = await cli([...cut, `>${goer}: - +0 0`].join('\n') + '\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/después de que la partida terminara/);
  });

  it('Macondo’s double-challenge copy: one lost turn after the last play is a pass; two are not', () => {
    const text = readFileSync(
      join(gcgDir(), 'macondo_doug_v_emely_double_challenge.gcg'),
      'latin1',
    );
    expect(outcome(text)).toBe('OK');
    const twice = text.replace(/^(>doug: EGOP - \+0 451\n)/m, '$1$1');
    expect(outcome(twice)).toBe('MOVE_AFTER_END@31');
  });
});

describe('item 11: own-rack lines need an end of game (E-02, E-03)', () => {
  const CASA = '>a: ACSA 8G CASA +12 12\n>b: OS 9G OS +10 10\n';
  it('an own-rack line after two passes, with nobody out, is refused', () =>
    expect(outcome(HEAD + CASA + '>a: - +0 12\n>b: - +0 10\n>a: ?Z (?Z) -10 2\n')).toBe(
      'EARLY_RACK_PENALTY@8 2 4',
    ));
  it('after every player passed twice (E-02) it stands', () =>
    expect(
      outcome(
        HEAD +
          CASA +
          '>a: - +0 12\n>b: - +0 10\n'.repeat(1) +
          '>a: - +0 12\n>b: - +0 10\n>a: ?Z (?Z) -10 2\n',
      ),
    ).toBe('OK'));
  it('sala (V-03) needs 3 unchanged turns with the bag unable to fund an exchange', () => {
    const rules = JSON.stringify(makeRules('sala'));
    const head = `#atril-rules ${rules}\n` + HEAD;
    expect(
      outcome(head + CASA + '>a: - +0 12\n>b: - +0 10\n>a: - +0 12\n>b: ?Z (?Z) -10 0\n'),
    ).toBe('EARLY_RACK_PENALTY@10 3 Infinity');
  });
});
