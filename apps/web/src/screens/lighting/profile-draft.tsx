import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { ProfileDraft } from './lighting-api.ts';

type Shared = { draft?: ProfileDraft & { city?: number | null }; share(d: ProfileDraft): void };
const DraftContext = createContext<Shared | undefined>(undefined);

/**
 * Carries a profile form's program fields to the chart beside it: react-admin renders the aside outside the form,
 * where the form's values cannot be watched.
 */
export function ProfileDraftProvider({ children }: { children: ReactNode }) {
  const [draft, share] = useState<ProfileDraft>();
  return <DraftContext.Provider value={{ draft, share }}>{children}</DraftContext.Provider>;
}

/** The form's program as the operator edits it; undefined outside an edit form (the read-only screen). */
export const useProfileDraft = () => useContext(DraftContext)?.draft;

/** Inside the form: shares its program fields whenever one changes. */
export function ShareProfileDraft() {
  const shared = useContext(DraftContext);
  const [kind, twilightMethod, settings, city] = useWatch({
    name: ['kind', 'twilightMethod', 'settings', 'city'],
  }) as [string, string | null, Record<string, unknown> | null, number | null];
  // the watched object is a new one on each render: compared by content, so only an edit is shared
  const key = JSON.stringify({ kind, twilightMethod, settings, city });
  const share = shared?.share;
  useEffect(() => share?.(JSON.parse(key) as ProfileDraft), [key, share]);
  return null;
}
