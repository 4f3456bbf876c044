import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Menu, useSidebarState, useStore, useTranslate } from 'react-admin';
import { sl } from '../i18n/messages.ts';
import { ENTITIES, type Area, type Flag } from '@sl/domain';
import { canDo, mayIn } from '../providers/auth-provider.ts';
import { isSection, MENU, type MenuEntry, type MenuSection } from './menu-sections.ts';

const allowed = (e: MenuEntry): boolean => {
  if (typeof e === 'string') return canDo(e, 'list');
  if (!e.need) return true;
  const [resource, action] = e.need.split(':') as [string, string];
  return ENTITIES.some((x) => x.name === resource)
    ? canDo(resource, action)
    : mayIn(resource as Area, action as Flag);
};

function Entry({ entry }: { entry: MenuEntry }) {
  if (typeof entry === 'string') return <Menu.ResourceItem name={entry} />;
  const Icon = entry.icon;
  return <Menu.Item to={entry.to} primaryText={sl(entry.label)} leftIcon={<Icon />} />;
}

/** A task's entries under its heading, folded or not as the user last left it (react-admin's store). */
function Section({ section }: { section: MenuSection }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const [folded, setFolded] = useStore<boolean>(`sl.menu.folded.${section.id}`, false);
  const entries = section.entries.filter(allowed);
  if (!entries.length) return null;
  const Icon = section.icon;
  const label = translate(sl(section.label));
  return (
    <>
      <ListItemButton
        dense
        role="menuitem"
        aria-expanded={!folded}
        data-testid={`menu-section-${section.id}`}
        onClick={() => setFolded(!folded)}
        title={open ? undefined : label}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText
          primary={label}
          slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 600 } } }}
        />
        {folded ? <ExpandMore fontSize="small" /> : <ExpandLess fontSize="small" />}
      </ListItemButton>
      <Collapse in={!folded} timeout="auto" unmountOnExit>
        <List
          component="div"
          disablePadding
          sx={{ pl: open ? 1 : 0, '& .MuiMenuItem-root': { whiteSpace: 'normal' } }}
        >
          {entries.map((e) => (
            <Entry key={typeof e === 'string' ? e : e.to} entry={e} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

export function AppMenu() {
  return (
    <Menu>
      {MENU.map((item) =>
        isSection(item) ? (
          <Section key={item.id} section={item} />
        ) : (
          allowed(item) && <Entry key={typeof item === 'string' ? item : item.to} entry={item} />
        ),
      )}
    </Menu>
  );
}
