import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatMeasure, type Language } from '@sl/domain';
import { sl } from '../../i18n/messages.ts';
import { formatClock } from '../../i18n/time-format.ts';
import { http } from '../../providers/http.ts';
import { useEntitiesWritten } from './use-entities-written.ts';

/** What GET /api/v2/lighting/lamps/:id says of a lamp tonight (the part the popup shows). */
type LampProgram = {
  source?: 'category' | 'own' | 'groupControl' | 'rule' | 'politic' | 'none';
  profile?: { name: string } | null;
  politic?: { name: string } | null;
  rule?: number | null;
  timezone?: string;
  next?: { at: string; level: number } | null;
  /** what the lamp lacks for a program */
  missing?: 'controller' | 'city';
};

/** what decides a lamp's program (program-choice.ts): a write of any of them may change it */
const PROGRAM_INPUTS = [
  'Profiles',
  'GroupControl',
  'Politics',
  'Categories',
  'CalendarProfiles',
  'LuminarySupports',
  'LuminaryModules',
  'Luminaries',
  'Controllers',
  'Cities',
  'Groups',
];

/** A lamp's program in words, its next step in the city's local time, and that a manual dim holds until then. */
export function ProgramLine({ moduleId, version }: { moduleId: number; version: unknown }) {
  const translate = useTranslate();
  const [lang] = useLocaleState() as [Language, unknown];
  const [program, setProgram] = useState<LampProgram>();
  const written = useEntitiesWritten(PROGRAM_INPUTS);
  useEffect(() => {
    let gone = false;
    http<{ result: LampProgram }>('GET', `/api/v2/lighting/lamps/${moduleId}`)
      .then((a) => !gone && setProgram(a.result))
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [moduleId, version, written]);
  if (program?.missing)
    return (
      <Typography variant="body2" data-testid="map-popup-program">
        {translate(sl('mapProgram'))}: {translate(sl(`mapProgramMissing_${program.missing}`))}
      </Typography>
    );
  if (!program?.source) return null;
  const from = translate(sl(`mapProgramFrom_${program.source}`), {
    profile: program.profile?.name ?? '',
    politic: program.politic?.name ?? '',
    rule: (program.rule ?? 0) + 1,
  });
  const next = program.next
    ? translate(sl('mapProgramNext'), {
        level: formatMeasure(program.next.level, 'percent', lang, 0),
        time: formatClock(program.next.at, lang, program.timezone),
      })
    : translate(sl('mapProgramDone'));
  return (
    <>
      <Typography variant="body2" data-testid="map-popup-program">
        {translate(sl('mapProgram'))}: {from}; {next}
      </Typography>
      {program.next && (
        <Typography variant="caption" color="text.secondary" component="p">
          {translate(sl('mapProgramHold'))}
        </Typography>
      )}
    </>
  );
}
