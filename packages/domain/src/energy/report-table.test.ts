import { describe, expect, it } from 'vitest';
import { reportTable } from './report-table.ts';

// The one table behind the console's report and its CSV and Excel files: titles with units in the user's language,
// one row per period (and meter, phase or key), numbers left as numbers for the spreadsheets.

describe('report table', () => {
  it('gives consumption its energy, cost in the city’s currency and CO2, in either language', () => {
    const rows = [{ period: '2026-11-01', kwh: 12.5, cost: 3.1, co2Kg: 4.2 }];
    expect(reportTable('consumption', { rows, city: { currency: 'USD' } }, 'en-us')).toEqual({
      columns: ['Period', 'Energy, kWh', 'Cost, USD', 'CO2, kg'],
      rows: [['2026-11-01', 12.5, 3.1, 4.2]],
    });
    const ru = reportTable('consumption', { rows, city: { currency: null } }, 'ru');
    expect(ru.columns).toEqual(['Период', 'Энергия, кВт·ч', 'Стоимость', 'CO2, кг']);
  });

  it('puts each phase of an indication in its own column, and a phase not read as empty', () => {
    const rows = [
      {
        period: '2026-11-01',
        serial: 'M-1',
        phases: [
          { phase: 3, kwh: 3 },
          { phase: 1, kwh: 1 },
        ],
        kwh: 4,
        exportKwh: 0.5,
        kvarh: 0.25,
        exportKvarh: null,
      },
    ];
    const en = reportTable('indications', { rows }, 'en-us');
    expect(en.columns).toEqual([
      'Period',
      'Meter',
      'Phase A, kWh',
      'Phase B, kWh',
      'Phase C, kWh',
      'Total, kWh',
      'A−, kWh',
      'R+, kvarh',
      'R−, kvarh',
    ]);
    expect(en.rows).toEqual([['2026-11-01', 'M-1', 1, null, 3, 4, 0.5, 0.25, null]]);
    expect(reportTable('indications', { rows }, 'ru').columns.slice(2, 6)).toEqual([
      'Фаза A, кВт·ч',
      'Фаза B, кВт·ч',
      'Фаза C, кВт·ч',
      'Всего, кВт·ч',
    ]);
  });

  it('gives instant values a row per phase, the power in its reading’s unit written as the language writes it', () => {
    const rows = [
      {
        period: '2026-11-01',
        serial: 'M-1',
        powerUnit: 'kW',
        phases: [
          { phase: 1, power: 1.25, powerMax: 2.5, voltage: 230.5, current: 5.4 },
          { phase: 2, power: 0.5, powerMax: 0.75, voltage: 229, current: 2.2 },
        ],
      },
    ];
    const en = reportTable('instant-values', { rows }, 'en-us');
    expect(en.columns).toEqual([
      'Period',
      'Meter',
      'Phase',
      'Mean power',
      'Highest power',
      'Voltage, V',
      'Current, A',
    ]);
    expect(en.rows).toEqual([
      ['2026-11-01', 'M-1', 'A', '1.25\u00a0kW', '2.5\u00a0kW', 230.5, 5.4],
      ['2026-11-01', 'M-1', 'B', '0.5\u00a0kW', '0.75\u00a0kW', 229, 2.2],
    ]);
    const ru = reportTable('instant-values', { rows }, 'ru');
    expect(ru.rows[0]!.slice(2, 5)).toEqual(['A', '1,25\u00a0кВт', '2,5\u00a0кВт']);
    expect(ru.columns.slice(5)).toEqual(['Напряжение, В', 'Ток, А']);
  });

  it('gives energy saved per group control or profile: burning hours, full, drawn and saved energy', () => {
    const rows = [
      { period: '2026-11', key: 'Night 50 %', burnHours: 12, fullKwh: 10, drawnKwh: 6, savedKwh: 4 },
    ];
    const en = reportTable('energy-saved', { rows }, 'en-us');
    expect(en.columns).toEqual([
      'Period',
      'Group control or profile',
      'Burning, h',
      'At full power, kWh',
      'Drawn, kWh',
      'Saved, kWh',
    ]);
    expect(en.rows).toEqual([['2026-11', 'Night 50 %', 12, 10, 6, 4]]);
    expect(reportTable('energy-saved', { rows }, 'ru').columns[2]).toBe('Горение, ч');
  });
});
