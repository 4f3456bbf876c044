import { useEffect } from 'react';

/** The field screen loads on its own (main.tsx), without the console: reached from the console's menu, a page load. */
export function FieldPageLoad() {
  useEffect(() => window.location.reload(), []);
  return null;
}
