import { useEffect, useState, type FormEvent } from 'react';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Button, HttpError, useListContext, useNotify, useTranslate } from 'react-admin';
import { LIMITS, type Entity } from '@sl/domain';
import { sl } from '../i18n/messages.ts';
import { flatFilter } from '../providers/data-provider.ts';
import { http, type ErrorBody } from '../providers/http.ts';

// A user's saved views of a list (issue 28 §5): its filters under a name, kept on the server with the user's
// preferences so they follow the user to another browser. A view holds the filters as the API takes them.

type Filter = Record<string, unknown>;
type View = { name: string; filter: Filter };
type Answer = { result: View[] };

/** `breakersOn.A` back into the object the list's inputs read (`{ breakersOn: { A: … } }`). */
function nested(flat: Filter): Filter {
  const out: Filter = {};
  for (const [path, value] of Object.entries(flat)) {
    const parts = path.split('.');
    let at = out;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Filter;
    at[parts.at(-1)!] = value;
  }
  return out;
}

export function ListViewsButton({ e }: { e: Entity }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, setFilters } = useListContext();
  const [views, setViews] = useState<View[]>([]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const path = `/api/v2/views/${e.name}`;
  useEffect(() => {
    http<Answer>('GET', path)
      .then((a) => setViews(a.result))
      .catch(() => undefined);
  }, [path]);
  const current = Object.fromEntries(flatFilter(filterValues as Filter));

  const apply = (v: View) => {
    setFilters(nested(v.filter), Object.fromEntries(Object.keys(v.filter).map((k) => [k, true])));
    setAnchor(null);
  };
  const remove = (v: View) =>
    http<Answer>('DELETE', `${path}/${encodeURIComponent(v.name)}`)
      .then((a) => setViews(a.result))
      .catch((err: Error) => notify(err.message, { type: 'error' }));

  return (
    <>
      <Button label={sl('views')} onClick={(ev) => setAnchor(ev.currentTarget)} aria-haspopup="true">
        <BookmarksIcon />
      </Button>
      <Menu open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {views.length === 0 && <MenuItem disabled>{translate(sl('viewsNone'))}</MenuItem>}
        {views.map((v) => (
          <MenuItem key={v.name} onClick={() => apply(v)}>
            <ListItemIcon>
              <BookmarkBorderIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{v.name}</ListItemText>
            <IconButton
              size="small"
              edge="end"
              aria-label={translate(sl('viewDelete'), { name: v.name })}
              onClick={(ev) => {
                ev.stopPropagation();
                void remove(v);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          disabled={Object.keys(current).length === 0}
          onClick={() => {
            setAnchor(null);
            setNaming(true);
          }}
        >
          <ListItemIcon>
            <BookmarkAddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate(sl('viewSave'))}</ListItemText>
        </MenuItem>
      </Menu>
      {naming && (
        <SaveViewDialog
          path={path}
          filter={current}
          onClose={() => setNaming(false)}
          onSaved={(saved) => {
            setViews(saved);
            setNaming(false);
            notify(sl('viewSaved'), { type: 'info' });
          }}
        />
      )}
    </>
  );
}

type SaveProps = { path: string; filter: Filter; onClose(): void; onSaved(views: View[]): void };

function SaveViewDialog({ path, filter, onClose, onSaved }: SaveProps) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  // the server's word on the name, in the user's language: required, or too long with its limit
  const nameError = (body: (ErrorBody & { reason?: string }) | undefined) => {
    if (!body?.fields?.includes('name')) return body?.message ?? translate('ra.notification.http_error');
    if (body.reason === 'required') return translate(sl('enterName'));
    if (body.reason === 'tooLong')
      return translate(sl('tooLong'), { max: LIMITS.viewName, length: name.trim().length });
    return body.message;
  };
  const submit = (ev?: FormEvent) => {
    ev?.preventDefault();
    http<Answer>('POST', path, { name, filter })
      .then((a) => onSaved(a.result))
      .catch((err: unknown) => setError(nameError((err as HttpError).body as ErrorBody | undefined)));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="save-view-title">
      <DialogTitle id="save-view-title">{translate(sl('viewSaveTitle'))}</DialogTitle>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <TextField
            autoFocus
            margin="dense"
            fullWidth
            label={translate(sl('viewName'))}
            value={name}
            error={Boolean(error)}
            helperText={error}
            onChange={(ev) => {
              setName(ev.target.value);
              setError(undefined);
            }}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton onClick={() => submit()} variant="contained">
          {translate('ra.action.save')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
