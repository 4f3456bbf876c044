import { useState } from 'react';
import { Button, Checkbox, ListItemText, Menu, MenuItem } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useStore, useTranslate } from 'react-admin';
import { sl } from '../i18n/messages.ts';

/**
 * The fields a user has hidden on an entity's screen (spec §2, field visibility), kept per user on the server
 * through the store (providers/preference-store.ts).
 */
export function useHiddenFields(entity: string) {
  const [hidden, setHidden] = useStore<string[]>(`preferences.${entity}.show.hidden`, []);
  const shown = (name: string) => !hidden.includes(name);
  const toggle = (name: string) =>
    setHidden(hidden.includes(name) ? hidden.filter((n) => n !== name) : [...hidden, name]);
  return { hidden, shown, toggle };
}

/** A menu of an entity's fields, each ticked while it is shown. */
export function FieldVisibilityButton({ entity, fields }: { entity: string; fields: string[] }) {
  const translate = useTranslate();
  const { shown, toggle } = useHiddenFields(entity);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<VisibilityIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="field-visibility"
      >
        {translate(sl('fieldsShown'))}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {fields.map((name) => (
          <MenuItem
            key={name}
            dense
            onClick={() => toggle(name)}
            role="menuitemcheckbox"
            aria-checked={shown(name)}
          >
            <Checkbox size="small" checked={shown(name)} tabIndex={-1} disableRipple sx={{ p: 0, mr: 1 }} />
            <ListItemText primary={translate(`resources.${entity}.fields.${name}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
