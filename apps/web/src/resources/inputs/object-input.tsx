import { Box, Typography } from '@mui/material';
import { useLocaleState, useResourceContext, useTranslate } from 'react-admin';
import { fieldLabel, type Field, type Language } from '@sl/domain';
import { isEditable, type NestedInputProps } from './field-input-props.ts';
import { isMatrix } from './rights-matrix.ts';
import { RightsMatrixInput } from './rights-matrix-input.tsx';

/** An object field: a matrix when it is areas × flags, otherwise its own fields in a group. */
export function ObjectInput({ Nested, ...props }: NestedInputProps) {
  const { source, field, creating, label } = props;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const resource = useResourceContext();
  if (field.kind !== 'object') return null;
  if (isMatrix(field)) return <RightsMatrixInput {...props} />;
  const name = source.split('.').pop()!;
  const title =
    label ?? translate(`resources.${resource}.fields.${source}`, { _: fieldLabel(name, locale as Language) });
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 2, width: '100%' }}
    >
      <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
        {title}
      </Typography>
      {Object.entries(field.fields)
        .filter(([, f]: [string, Field]) => isEditable(f))
        .map(([sub, f]) => (
          <Nested
            key={sub}
            source={`${source}.${sub}`}
            field={f}
            creating={creating}
            label={`${title}: ${fieldLabel(sub, locale as Language)}`}
          />
        ))}
    </Box>
  );
}
