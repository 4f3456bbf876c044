export const MENU_MESSAGES = {
  'en-us': {
    menuNetwork: 'Network',
    menuLighting: 'Lighting',
    menuEnergy: 'Energy',
    menuEvents: 'Events',
    menuMaintenance: 'Maintenance',
    menuEventLog: 'Event log',
    menuScheduleByMonth: 'Power schedule by month',
    menuCommands: 'Commands',
    menuAdministration: 'Administration',
  },
  ru: {
    menuNetwork: 'Сеть',
    menuLighting: 'Освещение',
    menuEnergy: 'Энергия',
    menuEvents: 'События',
    menuMaintenance: 'Обслуживание',
    menuEventLog: 'Журнал событий',
    menuScheduleByMonth: 'График включения по месяцам',
    menuCommands: 'Команды',
    menuAdministration: 'Администрирование',
  },
} as const;
