import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from 'react-admin';
import { CURRENT_ITEM_KEY, currentItemOf, type CurrentItem } from './detail-sections.ts';

/** On every navigation: record the current item (spec §2) and scroll to the top or to the hash anchor. */
export function NavigationEffects() {
  const { pathname, hash } = useLocation();
  const [, setCurrentItem] = useStore<CurrentItem>(CURRENT_ITEM_KEY, null);

  useEffect(() => {
    const item = currentItemOf(pathname);
    if (item !== undefined) setCurrentItem(item);
  }, [pathname, setCurrentItem]);

  useEffect(() => {
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);

  return null;
}
