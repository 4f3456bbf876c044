import type { FirstView, Shown } from './first-view.ts';

// The map screen's side of the first view, which the page's inline script owns (first-view-inline.ts). Without
// it (a page built otherwise) there is simply no first view.

export const takeFirstView = (): Promise<FirstView | undefined> | undefined => window.slFirstView?.take();
export const firstViewShown = (): Shown | undefined => window.slFirstView?.shown();
export const endFirstView = () => window.slFirstView?.end();
export const adoptFirstView = (container: HTMLElement) => window.slFirstView?.adopt(container);
