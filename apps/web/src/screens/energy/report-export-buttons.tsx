import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { sl } from '../../i18n/messages.ts';

/** A report's two downloads, the file the server writes for what the screen shows. */
export function ReportExportButtons({ href }: { href: (format: 'csv' | 'xlsx') => string }) {
  const translate = useTranslate();
  return (
    <>
      <Button href={href('csv')} download>
        {translate(sl('energyExportCsv'))}
      </Button>
      <Button href={href('xlsx')} download data-testid="export-excel">
        {translate(sl('energyExportExcel'))}
      </Button>
    </>
  );
}
