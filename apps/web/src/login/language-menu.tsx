import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import type { Language } from '@sl/domain';
import { LANGUAGE_NAMES } from '../i18n/language.ts';

/** The language choice on the login page, where react-admin's switcher is not loaded. */
export function LanguageMenu({ lang, onChange }: { lang: Language; onChange: (l: Language) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        {LANGUAGE_NAMES[lang]}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => (
          <MenuItem
            key={l}
            selected={l === lang}
            onClick={() => {
              setAnchor(null);
              onChange(l);
            }}
          >
            {LANGUAGE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
