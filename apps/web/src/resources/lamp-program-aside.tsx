import { Card, CardContent } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { ProgramLine } from '../screens/map/program-line.tsx';

type Socket = { luminaryModule?: number | null };

/**
 * Beside a control module's or a mounting's screen: what its lamp does tonight and why (issue 11 §4). A mounting
 * shows its first lamp's program.
 */
export function LampProgramAside() {
  const record = useRecordContext();
  if (!record) return null;
  const sockets = Array.isArray(record.sockets) ? (record.sockets as Socket[]) : undefined;
  const moduleId = sockets ? sockets.find((s) => s.luminaryModule != null)?.luminaryModule : record.id;
  if (typeof moduleId !== 'number') return null;
  return (
    <Card sx={{ ml: 2, mt: 1, width: 280, alignSelf: 'flex-start' }} data-testid="lamp-program">
      <CardContent>
        <ProgramLine moduleId={moduleId} version={record.updatedAt} />
      </CardContent>
    </Card>
  );
}
