/**
 * A page's main heading: it names the browser tab, and takes the focus when the page replaced
 * one whose focused control went away (the name form sent, a link back to the lobby followed),
 * so that a screen reader goes on from the new page's top instead of from nowhere.
 */
import { useEffect, useRef } from 'preact/hooks';
import { L } from './labels.js';

/**
 * The ref for a page's `h1` (give it `tabIndex={-1}`): the tab's title follows `heading`, and
 * with `focus` the heading takes the focus on arrival when nothing else holds it.
 */
export function usePageHeading(heading: string, focus = true) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = L.pageTitle(heading);
  }, [heading]);
  useEffect(() => {
    const active = document.activeElement;
    if (focus && (active === null || active === document.body)) ref.current?.focus();
  }, []);
  return ref;
}
