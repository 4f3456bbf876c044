export const MENU_MESSAGES = {
  'en-us': {
    menuNetwork: 'Network',
    menuLighting: 'Lighting',
    menuEnergy: 'Energy',
    menuEvents: 'Events',
    menuEventLog: 'Event log',
    menuCommands: 'Commands',
    menuAdministration: 'Administration',
  },
  ru: {
    menuNetwork: 'Сеть',
    menuLighting: 'Освещение',
    menuEnergy: 'Энергия',
    menuEvents: 'События',
    menuEventLog: 'Журнал событий',
    menuCommands: 'Команды',
    menuAdministration: 'Администрирование',
  },
} as const;
