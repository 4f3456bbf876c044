export const MENU_MESSAGES = {
  'en-us': {
    menuNetwork: 'Network',
    menuLighting: 'Lighting',
    menuEnergy: 'Energy',
    menuEvents: 'Events',
    menuCommands: 'Commands',
    menuAdministration: 'Administration',
  },
  ru: {
    menuNetwork: 'Сеть',
    menuLighting: 'Освещение',
    menuEnergy: 'Энергия',
    menuEvents: 'События',
    menuCommands: 'Команды',
    menuAdministration: 'Администрирование',
  },
} as const;
