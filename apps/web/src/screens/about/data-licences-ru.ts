// The inventories README speaks English; the Licensing screen in Russian shows each bundled data file's title
// and terms from here. A data file added to the README without its entry here fails licence-sources.test.ts.
export const DATA_LICENCES_RU: Record<string, { title: string; licence: string }> = {
  'cambridge_ma_street_lights.geojson': {
    title: 'Кембридж, Массачусетс (уличные светильники города)',
    licence: 'ODC PDDL 1.0 (общественное достояние), указано в LICENSE.md репозитория.',
  },
  'roads.topojson': {
    title: 'Кембридж, Массачусетс (полигоны проезжей части, автономная подложка демонстрационного города)',
    licence: 'ODC PDDL 1.0 (общественное достояние), указано в LICENSE.md репозитория.',
  },
  'neighborhoods.geojson': {
    title: 'Кембридж, Массачусетс (13 районов CDD, районы демонстрационного города)',
    licence: 'ODC PDDL 1.0 (общественное достояние), указано в LICENSE.md репозитория.',
  },
  'city-boundary.geojson': {
    title: 'Кембридж, Массачусетс (граница города)',
    licence: 'ODC PDDL 1.0 (общественное достояние), указано в LICENSE.md репозитория.',
  },
};
