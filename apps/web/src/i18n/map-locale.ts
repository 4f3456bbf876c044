import type { Language } from '@sl/domain';

// MapLibre's own strings (scale, zoom buttons, popups) by language, for the map's `locale` option; English
// is MapLibre's default.
export const MAP_LOCALE: Record<Language, Record<string, string>> = {
  'en-us': {},
  ru: {
    'AttributionControl.ToggleAttribution': 'Показать источники',
    'AttributionControl.MapFeedback': 'Сообщить об ошибке карты',
    'FullscreenControl.Enter': 'Во весь экран',
    'FullscreenControl.Exit': 'Выйти из полноэкранного режима',
    'GeolocateControl.FindMyLocation': 'Где я',
    'GeolocateControl.LocationNotAvailable': 'Местоположение недоступно',
    'LogoControl.Title': 'Логотип MapLibre',
    'Map.Title': 'Карта',
    'Marker.Title': 'Метка на карте',
    'NavigationControl.ResetBearing': 'Потяните, чтобы повернуть карту; нажмите, чтобы вернуть север',
    'NavigationControl.ZoomIn': 'Приблизить',
    'NavigationControl.ZoomOut': 'Отдалить',
    'Popup.Close': 'Закрыть',
    'ScaleControl.Feet': 'фт',
    'ScaleControl.Meters': 'м',
    'ScaleControl.Kilometers': 'км',
    'ScaleControl.Miles': 'миль',
    'ScaleControl.NauticalMiles': 'мор. миль',
    'GlobeControl.Enable': 'Показать глобус',
    'GlobeControl.Disable': 'Убрать глобус',
    'TerrainControl.Enable': 'Показать рельеф',
    'TerrainControl.Disable': 'Убрать рельеф',
    'CooperativeGesturesHandler.WindowsHelpText': 'Масштаб: Ctrl + колесо мыши',
    'CooperativeGesturesHandler.MacHelpText': 'Масштаб: ⌘ + колесо мыши',
    'CooperativeGesturesHandler.MobileHelpText': 'Двигайте карту двумя пальцами',
  },
};
