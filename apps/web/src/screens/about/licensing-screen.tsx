import { useEffect, useState } from 'react';
import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';
import { DATA_LICENCES_RU } from './data-licences-ru.ts';
import type { DataLicence, Licences } from './licence-sources.ts';

/** The licences of what the build bundled and of the bundled data, as the build wrote them (vite.config.ts). */
export default function LicensingScreen() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const inLanguage = (d: DataLicence) => (locale === 'ru' && DATA_LICENCES_RU[d.file]) || d;
  const [licences, setLicences] = useState<Licences | null | undefined>(undefined);
  useEffect(() => {
    fetch('/licenses.json')
      .then((r) => (r.ok ? (r.json() as Promise<Licences>) : null))
      .then(setLicences, () => setLicences(null));
  }, []);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={sl('licensing')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate(sl('licensing'))}
        </Typography>
        {licences === undefined && <Loading />}
        {licences === null && <Typography>{translate(sl('licensingMissing'))}</Typography>}
        {licences && (
          <>
            <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
              {translate(sl('licensingData'))}
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(sl('file'))}</TableCell>
                  <TableCell>{translate(sl('licence'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {licences.data.map((d) => (
                  <TableRow key={d.file}>
                    <TableCell>
                      {d.file}
                      <br />
                      <Typography variant="caption">{inLanguage(d).title}</Typography>
                    </TableCell>
                    <TableCell>{inLanguage(d).licence}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
              {translate(sl('licensingPackages'))} ({licences.packages.length})
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(sl('packageName'))}</TableCell>
                  <TableCell>{translate(sl('version'))}</TableCell>
                  <TableCell>{translate(sl('licence'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {licences.packages.map((p) => (
                  <TableRow key={p.name}>
                    <TableCell>{p.name}</TableCell>
                    <TableCell>{p.version}</TableCell>
                    <TableCell>{p.license}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
