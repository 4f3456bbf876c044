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
import { moveWidget } from './dashboard-layout.ts';
import { LiveWidgetBody, mayShow, WIDGET_TITLES } from './dashboard-widgets.tsx';
import { useDashboardLayout } from './use-dashboard-layout.ts';

/**
 * Dashboard: widgets the user may read, chosen and ordered by them, remembered per user; each asks again when the
 * live stream brings what it counts (within 2 s, at most once per 2 s).
 */
export default function DashboardScreen() {
  const translate = useTranslate();
  const userId = String(useGetIdentity().identity?.id ?? '');
  const [layout, setLayout] = useDashboardLayout(userId);
  const cities = useGetList('Cities', { pagination: { page: 1, perPage: 1 } }).data ?? [];
  const city = cities[0];
  const mine = layout.filter((w) => mayShow(w.widget));
  const title = (w: (typeof mine)[number]) => translate(sl(WIDGET_TITLES[w.widget]));
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
        sx={{ flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}
        data-testid="dashboard-widgets"
      >
        {mine
          .filter((w) => w.shown)
          .map((w) => (
            <Card key={w.widget} sx={{ width: 300 }} data-testid={`widget-${w.widget}`}>
              <CardContent>
                <Typography variant="subtitle1">{title(w)}</Typography>
                <LiveWidgetBody
                  widget={w.widget}
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
          {mine.map((w, i) => (
            <Stack key={w.widget} direction="row" sx={{ alignItems: 'center' }}>
              <FormControlLabel
                sx={{ width: 320 }}
                control={
                  <Checkbox
                    checked={w.shown}
                    onChange={(e) =>
                      setLayout(layout.map((x) => (x === w ? { ...x, shown: e.target.checked } : x)))
                    }
                  />
                }
                label={title(w)}
              />
              <IconButton
                aria-label={`${translate(sl('dashboardUp'))}: ${title(w)}`}
                disabled={i === 0}
                onClick={() => setLayout(moveWidget(layout, mayShow, i, -1))}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`${translate(sl('dashboardDown'))}: ${title(w)}`}
                disabled={i === mine.length - 1}
                onClick={() => setLayout(moveWidget(layout, mayShow, i, 1))}
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
