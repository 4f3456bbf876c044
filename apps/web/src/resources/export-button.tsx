import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext, useResourceContext } from 'react-admin';

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

/** A download of the file the server streams, whatever the number of rows (react-admin's export stops at 1,000). */
export function ExportCsvButton() {
  const resource = useResourceContext()!;
  const { filterValues, sort, total } = useListContext();
  return (
    <Button
      component="a"
      label="ra.action.export"
      href={exportUrl(resource, filterValues, sort)}
      download
      disabled={total === 0}
    >
      <DownloadIcon />
    </Button>
  );
}
