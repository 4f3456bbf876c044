import { useEffect, useState } from 'react';
import { Autocomplete, Paper, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { searchDevices, type Found } from './find-api.ts';

const WAIT_MS = 250;

/** The map's search box: a pole id, MAC, name or street offers the devices it starts; one is chosen. */
export function MapSearch({ onFound }: { onFound(f: Found): void }) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<Found[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const q = typed.trim();
    if (!q) return setOptions([]);
    let gone = false;
    setLoading(true);
    const timer = setTimeout(() => {
      searchDevices(q)
        .then((found) => !gone && setOptions(found))
        .catch(() => !gone && setOptions([]))
        .finally(() => !gone && setLoading(false));
    }, WAIT_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [typed]);

  const label = (f: Found) =>
    `${translate(sl(`mapKind_${f.layer}`))} ${f.title}${f.text === f.title ? '' : ` · ${f.text}`}`;
  return (
    <Paper sx={{ p: 1 }}>
      <Autocomplete<Found>
        size="small"
        options={options}
        filterOptions={(x) => x}
        loading={loading}
        value={null}
        inputValue={typed}
        onInputChange={(_e, v, reason) => reason !== 'reset' && setTyped(v)}
        onChange={(_e, f) => f && onFound(f)}
        getOptionLabel={label}
        getOptionDisabled={(f) => f.lon === null}
        isOptionEqualToValue={(a, b) => a.layer === b.layer && a._id === b._id}
        noOptionsText={translate(sl(typed.trim() ? 'mapSearchNone' : 'mapSearchHint'))}
        loadingText={translate(sl('mapLoading'))}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate(sl('mapSearch'))}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'map-search' },
            }}
          />
        )}
      />
    </Paper>
  );
}
