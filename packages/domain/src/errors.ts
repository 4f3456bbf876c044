// The error catalogue of spec §8, with the HTTP status the API answers each code with.

type Catalogue = Record<string, { status: number; 'en-us': string; ru: string }>;

export const ERRORS = {
  UnauthorizedError: { status: 401, 'en-us': 'Unauthorized error', ru: 'Ошибка авторизации' },
  TokenIsExpiredError: { status: 401, 'en-us': 'Token is expired', ru: 'Срок действия сеанса истёк' },
  PermissionDeniedError: { status: 403, 'en-us': 'Permission denied', ru: 'Доступ запрещён' },
  InternalServerError: { status: 500, 'en-us': 'Internal server error', ru: 'Внутренняя ошибка сервера' },
  AlreadyExistsError: { status: 409, 'en-us': 'Already exists', ru: 'Уже существует' },
  IsDeletedError: { status: 410, 'en-us': 'Is deleted', ru: 'Удалено' },
  NotFoundError: { status: 404, 'en-us': 'Not found', ru: 'Не найдено' },
  NotSupportedError: { status: 405, 'en-us': 'Not supported', ru: 'Не поддерживается' },
  NoUpdateDataProvidedError: {
    status: 400,
    'en-us': 'No update data provided',
    ru: 'Нет данных для обновления',
  },
  DisconnectedError: { status: 503, 'en-us': 'Disconnected', ru: 'Нет соединения' },
  IsInvalidError: { status: 400, 'en-us': 'Is invalid', ru: 'Неверные данные' },
  CoordinatesIsNull: { status: 400, 'en-us': 'Coordinates is null', ru: 'Координаты не заданы' },
  IsUsedError: { status: 409, 'en-us': 'Is used', ru: 'Используется' },
  CalendarSettingsError: {
    status: 500,
    'en-us': 'calendar initialization error, contact your administrator',
    ru: 'ошибка инициализации календаря, обратитесь к администратору',
  },
  ControllerNotSet: { status: 409, 'en-us': 'Controller not connected', ru: 'Контроллер не подключён' },
  ServiceConnectionError: { status: 502, 'en-us': 'Connection error', ru: 'Ошибка соединения' },
  CityNotLoad: {
    status: 502,
    'en-us': 'Connection error, city is undefined',
    ru: 'Ошибка соединения, город не определён',
  },
  ErrorWritingData: {
    status: 409,
    'en-us': 'writing data to this node is not allowed',
    ru: 'запись данных в этот узел запрещена',
  },
  ControlModuleNotFond: {
    status: 404,
    'en-us': 'Control module not found',
    ru: 'Модуль управления не найден',
  },
  TimeOut: { status: 504, 'en-us': 'Error timeout', ru: 'Превышено время ожидания' },
  socketCount: {
    status: 400,
    'en-us': 'number of sockets is less than the number already configured',
    ru: 'количество мест для светильников меньше, чем уже настроено',
  },
  demoUser: {
    status: 403,
    'en-us': 'the demo user is not allowed to edit',
    ru: 'демо-пользователю запрещено редактирование',
  },
  null: {
    status: 500,
    'en-us': 'Data error, the error has not yet been reported',
    ru: 'Ошибка данных, об ошибке ещё не сообщено',
  },
} as const satisfies Catalogue;

export type ErrorCode = keyof typeof ERRORS;
export const LANGUAGES = ['en-us', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

export const errorMessage = (code: ErrorCode, lang: Language): string => ERRORS[code][lang];

/** The answer of a command not sent because its controller is known to be offline (no device sends it). */
export const DISCONNECTED_ANSWER = -1;

/** Control answer codes (spec §8) → catalogue code. `switch` is the cabinet phase command. */
export function controlAnswerError(code: number, command: 'dim' | 'switch'): ErrorCode | undefined {
  if (code === 0) return undefined;
  if (code === DISCONNECTED_ANSWER) return 'DisconnectedError';
  if (code === 1) return 'TimeOut';
  if (code === 3 && command === 'dim') return 'ControlModuleNotFond';
  if (code === 8 || (code === 7 && command === 'dim')) return 'ServiceConnectionError';
  if (code === 10) return 'ErrorWritingData';
  if (code === 12) return 'CityNotLoad';
  return 'null';
}

/** A command's outcome at a controller as an operator filters the archive by it; `pending` is queued or sent. */
export const COMMAND_OUTCOMES = [
  'pending',
  'acknowledged',
  'failed',
  'timed_out',
  'disconnected',
  'expired',
] as const;
export type CommandOutcome = (typeof COMMAND_OUTCOMES)[number];
