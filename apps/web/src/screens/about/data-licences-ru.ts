// The inventories README speaks English; the Licensing screen in Russian shows each bundled data file's title
// and terms from here. A data file added to the README without its entry here fails licence-sources.test.ts.
export const DATA_LICENCES_RU: Record<string, { title: string; licence: string }> = {
  'cambridge_ma_street_lights.geojson': {
    title: 'Кембридж, Массачусетс (уличные светильники города)',
    licence: 'ODC PDDL 1.0 (общественное достояние), указано в LICENSE.md репозитория.',
  },
  'boston_ma_streetlights.csv': {
    title: 'Бостон, Массачусетс (74 065 мест уличных светильников)',
    licence:
      'Репозиторий не указывает лицензию. Источник: «Streetlight Locations» города Бостон (Analyze Boston). Analyze Boston обычно публикует данные под ODC-PDDL, но для этого файла это не проверено.',
  },
  'champaign_il_streetlights.geojson': {
    title: 'Шампейн, Иллинойс (реестр уличного освещения города)',
    licence:
      'Репозиторий под Apache-2.0, но условия самого города для данных в нём не указаны. Перед распространением файла проверьте условия на data.ccrpc.org. Мы их проверить не смогли: сайт недоступен с наших машин, так что они остаются непроверенными.',
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
