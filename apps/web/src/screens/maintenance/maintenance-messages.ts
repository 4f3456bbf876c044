// The maintenance screens' own strings (work orders made from events).
export const MAINTENANCE_MESSAGES = {
  'en-us': {
    ordersFromEvents: 'Work orders',
    ordersFromEventsTitle:
      'Work orders for %{smart_count} selected event |||| Work orders for %{smart_count} selected events',
    ordersFromEventsHint:
      'One order per event type, street and cabinet. Events already in an open order are left out.',
    ordersPriority: 'Priority',
    ordersCrew: 'Crew',
    ordersNoCrew: 'Not assigned yet',
    ordersCreate: 'Create',
    ordersCreated: '%{smart_count} work order created |||| %{smart_count} work orders created',
    ordersAlready:
      '%{smart_count} event was already in an open order |||| %{smart_count} events were already in an open order',
    orderStart: 'Start',
    orderDone: 'Done',
    orderVerify: 'Verify',
    orderReopen: 'Reopen',
    orderCancel: 'Cancel order',
    orderReason: 'Reason',
    orderMoved: 'The order is now: %{status}',
    open311KeyIssue: 'Issue API key',
    open311KeyWhat:
      'The application sends citizens’ reports to /open311/v2 with this key. A new key replaces the one it has: that one stops working at once.',
    open311KeyDo: 'Issue',
    open311KeyIssued: 'Copy the key now: it is shown only this once.',
    open311Key: 'API key',
  },
  ru: {
    ordersFromEvents: 'Наряды',
    ordersFromEventsTitle:
      'Наряды по %{smart_count} выбранному событию |||| Наряды по %{smart_count} выбранным событиям |||| Наряды по %{smart_count} выбранным событиям',
    ordersFromEventsHint:
      'Один наряд на тип события, улицу и шкаф. События, уже включённые в открытый наряд, пропускаются.',
    ordersPriority: 'Приоритет',
    ordersCrew: 'Бригада',
    ordersNoCrew: 'Пока не назначена',
    ordersCreate: 'Создать',
    ordersCreated:
      'Создан %{smart_count} наряд |||| Создано %{smart_count} наряда |||| Создано %{smart_count} нарядов',
    ordersAlready:
      '%{smart_count} событие уже было в открытом наряде |||| %{smart_count} события уже были в открытых нарядах |||| %{smart_count} событий уже были в открытых нарядах',
    orderStart: 'Начать',
    orderDone: 'Выполнен',
    orderVerify: 'Подтвердить',
    orderReopen: 'Открыть повторно',
    orderCancel: 'Отменить наряд',
    orderReason: 'Причина',
    orderMoved: 'Наряд теперь: %{status}',
    open311KeyIssue: 'Выдать ключ API',
    open311KeyWhat:
      'Приложение передаёт обращения граждан в /open311/v2 с этим ключом. Новый ключ заменяет прежний: тот сразу перестаёт действовать.',
    open311KeyDo: 'Выдать',
    open311KeyIssued: 'Скопируйте ключ сейчас: он показывается только один раз.',
    open311Key: 'Ключ API',
  },
} as const;
