/**
 * A development harness, not shipped: the game page on a fixed position from src/play's test
 * views, with a port that refuses every action as the server would refuse a stale one. It lets
 * the page be looked at and driven by keys without a server (`npx vite src/web`, then
 * /testing/harness.html).
 */
import { signal } from '@preact/signals';
import { render } from 'preact';
import { MIDGAME } from '../../play/testing/cases.js';
import { viewFrom } from '../../play/testing/views.js';
import { focusMovesTo } from '../game/Board.js';
import { GameController } from '../game/controller.js';
import { GamePage } from '../game/GamePage.js';
import type { ChatLine } from '../game/Panels.js';
import { LiveRegions, assertiveRegion, politeRegion } from '../live.js';
import { playCue } from '../sound.js';

const sound = signal(false);
const ctl = new GameController(
  viewFrom(MIDGAME),
  { act: async () => ({ ok: false, error: { code: 'STALE_VERSION' } }) },
  {
    sound: (s) => sound.value && playCue(s),
    regions: { polite: politeRegion, assertive: assertiveRegion },
    focusFollowsCursor: focusMovesTo,
  },
);
const chat = signal<readonly ChatLine[]>([{ from: 'Ana', text: '¡Suerte!', at: 0 }]);

render(
  <>
    <LiveRegions />
    <GamePage
      ctl={ctl}
      gameId="harness"
      chat={chat}
      onChat={(text) => (chat.value = [...chat.value, { from: 'Tú', text, at: Date.now() }])}
      status={signal('')}
      sound={sound}
      chatAloud={signal(true)}
      readingRate={signal('normal')}
    />
  </>,
  document.getElementById('app')!,
);
