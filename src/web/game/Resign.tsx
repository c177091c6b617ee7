/**
 * Giving the game up (issue 12, "resign" among the game controls players expect, UX.md §1):
 * a button that opens a modal confirmation. The dialog is a native <dialog> so the browser
 * keeps focus inside it and closes it on Escape; it opens on the safe answer, so a stray
 * Enter never ends a game. Focus goes back to the button when it closes without resigning.
 */
import { useRef } from 'preact/hooks';
import { L } from '../labels.js';
import type { GameController } from './controller.js';

export function Resign({ ctl }: { ctl: GameController }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const close = (): void => {
    dialog.current?.close();
  };
  return (
    <>
      <button
        type="button"
        class="resign"
        ref={opener}
        aria-haspopup="dialog"
        // Refuses clicks while an action is on its way but keeps the focus, as the other
        // action buttons do: a disabled button would drop it to the page's top.
        aria-disabled={ctl.busy.value ? 'true' : undefined}
        onClick={() => ctl.busy.value || dialog.current?.showModal()}
      >
        {L.resign.button}
      </button>
      <dialog
        ref={dialog}
        class="confirm"
        aria-labelledby="abandonar-titulo"
        aria-describedby="abandonar-texto"
        onClose={() => opener.current?.focus()}
      >
        <h2 id="abandonar-titulo">{L.resign.question}</h2>
        <p id="abandonar-texto">{L.resign.explain}</p>
        <p class="buttons">
          <button type="button" autofocus onClick={close}>
            {L.resign.no}
          </button>
          <button
            type="button"
            class="danger"
            onClick={() => {
              close();
              ctl.resign();
            }}
          >
            {L.resign.yes}
          </button>
        </p>
      </dialog>
    </>
  );
}
