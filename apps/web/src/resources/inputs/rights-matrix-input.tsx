import { Checkbox, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import type { FieldInputProps } from './field-input-props.ts';

type Matrix = Record<string, Record<string, boolean | undefined> | undefined>;

/** Areas × flags of booleans, as a role's access rights are declared. */

export function RightsMatrixInput({ source, field }: FieldInputProps) {
  const translate = useTranslate();
  const { field: input } = useInput({ source });
  if (field.kind !== 'object') return null;
  const areas = Object.keys(field.fields);
  const first = field.fields[areas[0]!];
  const flags = first?.kind === 'object' ? Object.keys(first.fields) : [];
  const value = (input.value ?? {}) as Matrix;
  const toggle = (area: string, flag: string, on: boolean) =>
    input.onChange({ ...value, [area]: { ...value[area], [flag]: on } });

  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {translate(`resources.Roles.fields.${source}`, { _: source })}
      </Typography>
      <Table size="small" sx={{ width: 'auto', mb: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th">{translate(sl('rightsArea'))}</TableCell>
            {flags.map((flag) => (
              <TableCell key={flag} component="th" align="center">
                {translate(`sl.flag_${flag}`, { _: flag })}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {areas.map((area) => (
            <TableRow key={area} hover>
              <TableCell component="th" scope="row">
                {translate(`resources.${area}.name`, { _: area, smart_count: 2 })}
              </TableCell>
              {flags.map((flag) => (
                <TableCell key={flag} align="center" padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={value[area]?.[flag] === true}
                    onChange={(e) => toggle(area, flag, e.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': `${translate(`resources.${area}.name`, { _: area, smart_count: 2 })}: ${translate(`sl.flag_${flag}`, { _: flag })}`,
                      },
                    }}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
