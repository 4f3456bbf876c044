import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext, useNotify, useResourceContext } from 'react-admin';
import { sl } from '../i18n/messages.ts';
import { saveFile } from './save-file.ts';

type Sort = { field: string; order: string };

/** The server's export of every row the list shows: its filters and order, the times in this browser's zone. */
export function exportUrl(resource: string, filter: Record<string, unknown>, sort?: Sort): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter))
    for (const one of Array.isArray(v) ? v : [v]) if (one != null && one !== '') q.append(k, String(one));
  if (sort?.field) {
    const field = sort.field === 'id' ? '_id' : sort.field;
    q.set('sort', sort.order === 'DESC' ? `-${field}` : field);
  }
  q.set('tz', Intl.DateTimeFormat().resolvedOptions().timeZone);
  return `/api/v2/${resource}/export?${q}`;
}

/** The file name the server gives (`filename*`, in the user's language), else `fallback`. */
function fileName(disposition: string | null, fallback: string) {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : fallback;
}

/**
 * A download of the file the server streams, whatever the number of rows (react-admin's export stops at 1,000).
 * Fetched rather than followed as a link: a refusal (429 when the user's exports are all running) would otherwise
 * be saved as the file; it is said in the user's language instead.
 */
export function ExportCsvButton() {
  const resource = useResourceContext()!;
  const { filterValues, sort, total } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(exportUrl(resource, filterValues, sort), { credentials: 'same-origin' });
      if (res.ok) {
        const name = fileName(res.headers.get('content-disposition'), `${resource}.csv`);
        saveFile(await res.blob(), name);
        return;
      }
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      const seconds = Number(res.headers.get('retry-after'));
      if (res.status === 429)
        notify(sl('exportBusy'), {
          type: 'warning',
          messageArgs: { smart_count: seconds > 0 ? seconds : 5 },
        });
      else notify(body?.message ?? `HTTP ${res.status}`, { type: 'error' });
    } catch {
      notify('ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={() => void download()} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
