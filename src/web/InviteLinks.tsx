/**
 * A room's invitation links, each in a field to read with its «Copiar enlace» button: shown to
 * its maker as the room is made (the lobby) and at its table while those seats wait (the game).
 */
import { useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import type { InviteTokens } from '../client/invites.js';
import { L } from './labels.js';
import { speak } from './live.js';
import { inviteUrl } from './route.js';

/**
 * Copies an invitation link: by the clipboard where the page may write to it (https,
 * localhost), else by the field's selection; false when neither worked.
 */
async function copyLink(url: string, field: HTMLInputElement | null): Promise<boolean> {
  const clip = navigator.clipboard as Clipboard | undefined;
  if (clip) {
    try {
      await clip.writeText(url);
      return true;
    } catch {
      // Refused (no permission, page not focused): the selection may still work.
    }
  }
  if (!field) return false;
  field.focus();
  field.select();
  // The old command is the only copy an insecure page (a server reached by its address on the
  // local network) still has.
  return document.execCommand('copy');
}

/**
 * Keeps the focus when a friend takes a seat whose link had it: its line goes (the whole block
 * with the last one), and the focus goes to the next link's button in the element `id`, or to
 * `elsewhere`, instead of falling to the page.
 */
export function useInviteFocus(id: string, elsewhere: () => void): void {
  const last = useRef<Element | null>(null);
  useEffect(() => {
    const seen = (e: FocusEvent): void => {
      const t = e.target instanceof Element ? e.target : null;
      last.current = t?.closest(`#${id}`) ? t : null;
    };
    document.addEventListener('focusin', seen);
    return () => document.removeEventListener('focusin', seen);
  }, [id]);
  useEffect(() => {
    const f = last.current;
    const active = document.activeElement;
    if (!f || f.isConnected || (active && active !== document.body)) return;
    last.current = null;
    const next = document.querySelector<HTMLElement>(`#${id} button`);
    if (next) next.focus();
    else elsewhere();
  });
}

/** The id of the field holding a seat's invitation link (the lobby focuses the first). */
export function inviteFieldId(seat: number): string {
  return `invitacion-${seat}`;
}

/** One paragraph per seat: its link in a read-only field and the button that copies it. */
export function InviteLinks({ gameId, tokens }: { gameId: string; tokens: InviteTokens }) {
  const copied = useSignal(-1);
  return (
    <>
      {tokens.map((t) => {
        const url = inviteUrl(location.origin, gameId, t.token);
        const id = inviteFieldId(t.seat);
        return (
          <p key={t.seat}>
            <label for={id}>{L.inviteLink(t.seat)}</label>
            <input id={id} type="text" readOnly value={url} />
            <button
              type="button"
              aria-label={L.copyLink(t.seat)}
              onClick={() => {
                const field = document.getElementById(id) as HTMLInputElement | null;
                // Said on every press, so a second copy is heard too. When nothing copied,
                // copyLink has left the link selected in its field.
                void copyLink(url, field).then((done) => {
                  copied.value = done ? t.seat : -1;
                  speak(done ? L.copied(t.seat) : L.copyByHand, done ? 'polite' : 'assertive');
                });
              }}
            >
              {L.copy}
            </button>
            {copied.value === t.seat && <span> {L.copied(t.seat)}</span>}
          </p>
        );
      })}
    </>
  );
}
