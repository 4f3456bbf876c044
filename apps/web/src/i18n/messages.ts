import { VALUE_MESSAGES, type Language } from '@sl/domain';
import { CALENDAR_MESSAGES } from '../screens/calendar/calendar-messages.ts';
import { COMMANDS_MESSAGES } from '../screens/commands/commands-messages.ts';
import { MAP_MESSAGES } from '../screens/map/map-messages.ts';
import { LIGHTING_MESSAGES } from '../screens/lighting/lighting-messages.ts';
import { ENERGY_MESSAGES } from '../screens/energy/energy-messages.ts';
import { EVENTS_MESSAGES } from '../screens/events/events-messages.ts';
import { SCHEDULE_MESSAGES } from '../screens/schedule/schedule-messages.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { FORM_MESSAGES } from './form-messages.ts';
import { LOGIN_MESSAGES } from './login-messages.ts';
import { MENU_MESSAGES } from '../navigation/menu-messages.ts';
import { IMPORT_MESSAGES } from '../screens/network/import-messages.ts';
import { TALQ_MESSAGES } from '../screens/network/talq-messages.ts';
import { DETAIL_MESSAGES } from '../screens/devices/detail-messages.ts';
import { DEVICE_MESSAGES } from '../screens/devices/module/module-messages.ts';
import { LIST_MESSAGES } from '../resources/list-messages.ts';
import { MAINTENANCE_MESSAGES } from '../screens/maintenance/maintenance-messages.ts';
import { FIELD_MESSAGES } from '../screens/field/field-messages.ts';
import { MAINTENANCE_REPORT_MESSAGES } from '../screens/maintenance/maintenance-report-messages.ts';
import { DISPATCH_MESSAGES } from '../screens/dispatch/dispatch-messages.ts';

// Our own keys, beside react-admin's `ra.*` ones.
export const MESSAGES = {
  'en-us': {
    ...LOGIN_MESSAGES['en-us'],
    ...MAP_MESSAGES['en-us'],
    ...CALENDAR_MESSAGES['en-us'],
    ...ADMIN_MESSAGES['en-us'],
    ...VALUE_MESSAGES['en-us'],
    ...FORM_MESSAGES['en-us'],
    ...LIGHTING_MESSAGES['en-us'],
    ...COMMANDS_MESSAGES['en-us'],
    ...ENERGY_MESSAGES['en-us'],
    ...EVENTS_MESSAGES['en-us'],
    ...MENU_MESSAGES['en-us'],
    ...IMPORT_MESSAGES['en-us'],
    ...TALQ_MESSAGES['en-us'],
    ...SCHEDULE_MESSAGES['en-us'],
    ...DETAIL_MESSAGES['en-us'],
    ...DEVICE_MESSAGES['en-us'],
    ...LIST_MESSAGES['en-us'],
    ...MAINTENANCE_MESSAGES['en-us'],
    ...FIELD_MESSAGES['en-us'],
    ...MAINTENANCE_REPORT_MESSAGES['en-us'],
    ...DISPATCH_MESSAGES['en-us'],
    notFound: 'Page not found',
    notFoundHint: 'There is nothing at this address.',
    toMap: 'Go to the map',
    reload: 'Reload',
    dashboard: 'Dashboard',
    analytics: 'Analytics',
    calendar: 'Calendar',
    reports: 'Reports',
    statusOff: 'off',
    statusOn: 'on',
    statusOffline: 'offline',
    statusBroken: 'broken',
    statusUnknown: 'unknown',
    about: 'About',
    aboutText:
      'A console for operators of a street-lighting network: devices on a map and in tables, dimming, phase switching, schedules and profiles tied to twilight, reports and events.',
    version: 'Version',
    licensing: 'Licensing',
    licensingPackages: 'Software in this console',
    licensingData: 'Bundled data',
    licensingMissing: 'The list of licences is written by the production build; this build has none.',
    packageName: 'Package',
    licence: 'Licence',
    file: 'File',
    showDeleted: 'Show deleted',
    exportBusy:
      'Too many exports are running at once: try again in %{smart_count} second. |||| Too many exports are running at once: try again in %{smart_count} seconds.',
    panelView: 'Map beside',
    panelViewHint: 'On the map: %{shown} of the %{total} rows of this page. Choose a row to centre it.',
    fieldsShown: 'Fields shown',
    bulkDim: 'Dim selected',
    bulkDimTitle: 'Dim %{smart_count} selected module |||| Dim %{smart_count} selected modules',
    bulkStatus: 'Set status',
    bulkStatusDone: 'Status set for %{smart_count} record |||| Status set for %{smart_count} records',
    bulkGroupControl: 'Group control',
    bulkGroupControlTitle:
      'Put every socket of %{smart_count} mounting under |||| Put every socket of %{smart_count} mountings under',
    bulkGroupControlNone: 'No group control',
    bulkGroupControlApply: 'Apply',
    bulkGroupControlDone:
      '%{sockets} sockets of %{smart_count} mounting set |||| %{sockets} sockets of %{smart_count} mountings set',
  },
  ru: {
    ...LOGIN_MESSAGES.ru,
    ...MAP_MESSAGES.ru,
    ...CALENDAR_MESSAGES.ru,
    ...ADMIN_MESSAGES.ru,
    ...VALUE_MESSAGES.ru,
    ...FORM_MESSAGES.ru,
    ...LIGHTING_MESSAGES.ru,
    ...COMMANDS_MESSAGES.ru,
    ...ENERGY_MESSAGES.ru,
    ...EVENTS_MESSAGES.ru,
    ...MENU_MESSAGES.ru,
    ...IMPORT_MESSAGES.ru,
    ...TALQ_MESSAGES.ru,
    ...SCHEDULE_MESSAGES.ru,
    ...DETAIL_MESSAGES.ru,
    ...DEVICE_MESSAGES.ru,
    ...LIST_MESSAGES.ru,
    ...MAINTENANCE_MESSAGES.ru,
    ...FIELD_MESSAGES.ru,
    ...MAINTENANCE_REPORT_MESSAGES.ru,
    ...DISPATCH_MESSAGES.ru,
    notFound: 'Страница не найдена',
    notFoundHint: 'По этому адресу ничего нет.',
    toMap: 'Перейти к карте',
    reload: 'Перезагрузить',
    dashboard: 'Панель',
    analytics: 'Аналитика',
    calendar: 'Календарь',
    reports: 'Отчёты',
    statusOff: 'выключен',
    statusOn: 'включён',
    statusOffline: 'нет связи',
    statusBroken: 'неисправен',
    statusUnknown: 'неизвестно',
    about: 'О программе',
    aboutText:
      'Консоль для операторов сети уличного освещения: устройства на карте и в таблицах, диммирование, переключение фаз, расписания и профили по сумеркам, отчёты и события.',
    version: 'Версия',
    licensing: 'Лицензии',
    licensingPackages: 'Программы в составе консоли',
    licensingData: 'Данные в поставке',
    licensingMissing: 'Список лицензий создаёт сборка для эксплуатации; в этой сборке его нет.',
    packageName: 'Пакет',
    licence: 'Лицензия',
    file: 'Файл',
    showDeleted: 'Показать удалённые',
    exportBusy:
      'Сейчас идёт слишком много выгрузок: повторите через %{smart_count} секунду. |||| Сейчас идёт слишком много выгрузок: повторите через %{smart_count} секунды. |||| Сейчас идёт слишком много выгрузок: повторите через %{smart_count} секунд.',
    panelView: 'Карта рядом',
    panelViewHint:
      'На карте: %{shown} из %{total} строк этой страницы. Выберите строку, чтобы показать её в центре.',
    fieldsShown: 'Показываемые поля',
    bulkDim: 'Диммировать выбранные',
    bulkDimTitle:
      'Диммирование %{smart_count} выбранного модуля |||| Диммирование %{smart_count} выбранных модулей |||| Диммирование %{smart_count} выбранных модулей',
    bulkStatus: 'Задать статус',
    bulkStatusDone:
      'Статус задан для %{smart_count} записи |||| Статус задан для %{smart_count} записей |||| Статус задан для %{smart_count} записей',
    bulkGroupControl: 'Групповое управление',
    bulkGroupControlTitle:
      'Все гнёзда %{smart_count} опоры под групповое управление |||| Все гнёзда %{smart_count} опор под групповое управление |||| Все гнёзда %{smart_count} опор под групповое управление',
    bulkGroupControlNone: 'Без группового управления',
    bulkGroupControlApply: 'Применить',
    bulkGroupControlDone:
      'Гнёзд задано: %{sockets}, на %{smart_count} опоре |||| Гнёзд задано: %{sockets}, на %{smart_count} опорах |||| Гнёзд задано: %{sockets}, на %{smart_count} опорах',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type MessageKey = keyof (typeof MESSAGES)['en-us'];

/** The react-admin translation key of one of our messages. */
export const sl = (key: MessageKey) => `sl.${key}`;
