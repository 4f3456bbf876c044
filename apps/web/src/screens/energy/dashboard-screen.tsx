import { useEffect, useState } from 'react';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Box,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { Title, useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { WIDGET_TITLES, WIDGETS, WidgetBody, type Widget } from './dashboard-widgets.tsx';

type Layout = { widget: Widget; shown: boolean }[];
const LIVE_MS = 10_000;
const keyOf = (login: string) => `sl.dashboard.${login}`;

/** The user's widgets in their order, as they left them in this browser (every widget, shown, at first). */
function stored(login: string): Layout {
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf(login)) ?? '[]') as Layout;
    const known = saved.filter((w) => (WIDGETS as readonly string[]).includes(w.widget));
    return [
      ...known,
      ...WIDGETS.filter((w) => !known.some((k) => k.widget === w)).map((widget) => ({ widget, shown: true })),
    ];
  } catch {
    return WIDGETS.map((widget) => ({ widget, shown: true }));
  }
}

/** Dashboard: widgets the user chooses and orders, remembered per user, asked again every 10 s. */
export default function DashboardScreen() {
  const translate = useTranslate();
  const login = String(useGetIdentity().identity?.id ?? '');
  const [layout, setLayout] = useState<Layout>();
  const [tick, setTick] = useState(0);
  const cities = useGetList('Cities', { pagination: { page: 1, perPage: 1 } }).data ?? [];
  const city = cities[0];
  useEffect(() => void (login && setLayout(stored(login))), [login]);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), LIVE_MS);
    return () => clearInterval(t);
  }, []);
  const change = (next: Layout) => {
    setLayout(next);
    localStorage.setItem(keyOf(login), JSON.stringify(next));
  };
  const move = (i: number, by: number) => {
    const next = [...layout!];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    change(next);
  };
  if (!layout) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={sl('dashboard')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(sl('dashboard'))}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 2 }}
        data-testid="dashboard-widgets"
      >
        {layout
          .filter((w) => w.shown)
          .map(({ widget }) => (
            <Card key={widget} sx={{ width: 260 }} data-testid={`widget-${widget}`}>
              <CardContent>
                <Typography variant="subtitle1">{translate(sl(WIDGET_TITLES[widget] as never))}</Typography>
                <WidgetBody
                  widget={widget}
                  tick={tick}
                  city={city ? Number(city.id) : undefined}
                  tz={String(city?.timezone || 'UTC')}
                />
              </CardContent>
            </Card>
          ))}
      </Stack>
      <Card>
        <CardContent>
          <Typography variant="subtitle1">{translate(sl('dashboardArrange'))}</Typography>
          {layout.map((w, i) => (
            <Stack key={w.widget} direction="row" sx={{ alignItems: 'center' }}>
              <FormControlLabel
                sx={{ width: 320 }}
                control={
                  <Checkbox
                    checked={w.shown}
                    onChange={(e) =>
                      change(layout.map((x) => (x === w ? { ...x, shown: e.target.checked } : x)))
                    }
                  />
                }
                label={translate(sl(WIDGET_TITLES[w.widget] as never))}
              />
              <IconButton
                aria-label={`${translate(sl('dashboardUp'))}: ${translate(sl(WIDGET_TITLES[w.widget] as never))}`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`${translate(sl('dashboardDown'))}: ${translate(sl(WIDGET_TITLES[w.widget] as never))}`}
                disabled={i === layout.length - 1}
                onClick={() => move(i, 1)}
              >
                <ArrowDownwardIcon />
              </IconButton>
            </Stack>
          ))}
        </CardContent>
      </Card>
    </Box>
  );
}
