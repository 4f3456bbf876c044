import { useCallback, useEffect, useState } from 'react';

const ORDER_PATH = /^\/field\/(\d+)\/?$/;
const orderIn = (path: string) => {
  const id = ORDER_PATH.exec(path)?.[1];
  return id ? Number(id) : undefined;
};

/** The order open on the screen, in the address (/field/<id>), so that the phone's Back returns to the list. */
export function useFieldRoute() {
  const [open, setOpen] = useState(() => orderIn(window.location.pathname));
  useEffect(() => {
    const moved = () => setOpen(orderIn(window.location.pathname));
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  const show = useCallback((id: number | undefined) => {
    window.history.pushState(null, '', id === undefined ? '/field' : `/field/${id}`);
    setOpen(id);
    window.scrollTo(0, 0);
  }, []);
  return [open, show] as const;
}
