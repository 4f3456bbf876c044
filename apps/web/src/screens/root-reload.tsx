import { useEffect } from 'react';

/** The root is the login page, which loads on its own; inside the console, reaching it means a page load. */
export function RootReload() {
  useEffect(() => window.location.replace('/'), []);
  return null;
}
