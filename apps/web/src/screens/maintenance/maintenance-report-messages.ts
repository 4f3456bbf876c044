// The maintenance reports' own strings, merged into `sl.*`; the report's column titles are the domain's
// (maintenance-reports.ts), shared with the CSV and Excel files.
export const MAINTENANCE_REPORT_MESSAGES = {
  'en-us': {
    maintenanceReports: 'Maintenance reports',
    'maintenanceReport.open-orders': 'Open orders by age',
    'maintenanceReport.repair-times': 'Time to repair and service level',
    'maintenanceReportBy.faultKind': 'By fault kind',
    'maintenanceReportBy.district': 'By district',
    'maintenanceReportBy.crew': 'By crew',
    maintenanceReportAt: 'Orders open now (%{at}), by how long since they were opened.',
    maintenanceReportNoOpen: 'No open orders',
    maintenanceReportNoneDone: 'No order was done in this period',
    maintenanceReportDoneSummary:
      '%{done} done: median %{median}, 90th percentile %{p90}, within service level %{share}.',
    maintenanceReportShareHelp:
      'Time to repair: from when an order was opened to when it was marked done. Within service level: done by its due date; orders whose fault kind sets no service level are not counted in the share.',
    maintenanceReportHours: 'Hours',
    'maintenanceReport.parts-used': 'Parts used per month',
    'maintenanceReportBy.kind': 'By part',
    'maintenanceReportBy.model': 'By model fitted',
    maintenanceReportPartsSummary: '%{count} parts replaced in %{months} month(s).',
    maintenanceReportNoParts: 'No part was replaced in this period',
    partReplacements: 'Parts replaced',
    partReplacementsNone: 'No part replaced',
  },
  ru: {
    maintenanceReports: 'Отчёты по обслуживанию',
    'maintenanceReport.open-orders': 'Открытые наряды по давности',
    'maintenanceReport.repair-times': 'Время ремонта и соблюдение сроков',
    'maintenanceReportBy.faultKind': 'По видам неисправностей',
    'maintenanceReportBy.district': 'По районам',
    'maintenanceReportBy.crew': 'По бригадам',
    maintenanceReportAt: 'Открытые сейчас наряды (%{at}) по времени с момента открытия.',
    maintenanceReportNoOpen: 'Открытых нарядов нет',
    maintenanceReportNoneDone: 'В этом периоде нарядов не выполнено',
    maintenanceReportDoneSummary:
      'Выполнено %{done}: медиана %{median}, 90-й процентиль %{p90}, в срок %{share}.',
    maintenanceReportShareHelp:
      'Время ремонта — от открытия наряда до отметки о выполнении. В срок — выполнено не позже срока наряда; наряды по видам неисправностей без норматива в долю не входят.',
    maintenanceReportHours: 'Часы',
    'maintenanceReport.parts-used': 'Расход деталей по месяцам',
    'maintenanceReportBy.kind': 'По деталям',
    'maintenanceReportBy.model': 'По установленным моделям',
    maintenanceReportPartsSummary: 'Заменено деталей: %{count} за %{months} мес.',
    maintenanceReportNoParts: 'В этом периоде детали не заменялись',
    partReplacements: 'Замены деталей',
    partReplacementsNone: 'Деталей не заменяли',
  },
} as const;
