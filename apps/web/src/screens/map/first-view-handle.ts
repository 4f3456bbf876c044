import type { FirstView, Shown } from './first-view.ts';

// The map screen's side of the first view, which the page's inline script owns (first-view-inline.ts). Without
// it (a page built otherwise) there is simply no first view.

let answer: Promise<FirstView | undefined> | undefined;
/** The first view's answer, taken from the page's script once and kept for the early map and the screen. */
export function firstViewAnswer(): Promise<FirstView | undefined> {
  answer ??= window.slFirstView?.take() ?? Promise.resolve(undefined);
  return answer;
}
export const firstViewShown = (): Shown | undefined => window.slFirstView?.shown();
export const endFirstView = () => window.slFirstView?.end();
export const adoptFirstView = (container: HTMLElement) => window.slFirstView?.adopt(container);
