import type { ComponentType } from 'react';
import MapIcon from '@mui/icons-material/Map';
import DashboardIcon from '@mui/icons-material/Dashboard';
import InsightsIcon from '@mui/icons-material/Insights';
import EventIcon from '@mui/icons-material/Event';
import PersonIcon from '@mui/icons-material/Person';
import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import InfoIcon from '@mui/icons-material/Info';
import GavelIcon from '@mui/icons-material/Gavel';
import HubIcon from '@mui/icons-material/Hub';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import RouterIcon from '@mui/icons-material/Router';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import BoltIcon from '@mui/icons-material/Bolt';
import NotificationsIcon from '@mui/icons-material/Notifications';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ElectricMeterIcon from '@mui/icons-material/ElectricMeter';
import HistoryIcon from '@mui/icons-material/History';
import ScheduleIcon from '@mui/icons-material/Schedule';
import EngineeringIcon from '@mui/icons-material/Engineering';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * A screen of its own: its path, its `sl.*` label key, and the right it needs (`Entity:action`, or `area:flag` for an
 * area that is no entity's, such as `control:view`; none when unset).
 */
export type MenuLink = { to: string; label: MessageKey; icon: ComponentType; need?: `${string}:${string}` };
/** A registry entity's list (by its name), or a screen of its own. */
export type MenuEntry = string | MenuLink;
export type MenuSection = {
  id: string;
  label: MessageKey;
  icon: ComponentType;
  entries: readonly MenuEntry[];
};
export type MenuItem = MenuEntry | MenuSection;

export const isSection = (i: MenuItem): i is MenuSection => typeof i === 'object' && 'entries' in i;

const link = (to: string, label: MessageKey, icon: ComponentType, need?: MenuLink['need']): MenuLink => ({
  to,
  label,
  icon,
  need,
});

// The console's menu, by the operator's task. A new screen is one line in its section; a section whose entries
// the user may not open is not shown. Only screens that exist belong here (no dead links).
export const MENU: readonly MenuItem[] = [
  link('/Map', 'mapTitle', MapIcon),
  {
    id: 'network',
    label: 'menuNetwork',
    icon: HubIcon,
    entries: [
      'LuminarySupports',
      'Luminaries',
      'LuminaryModules',
      'Controllers',
      'Cabinets',
      'Meters',
      link('/Import', 'importTitle', UploadFileIcon, 'LuminarySupports:create'),
      link('/TalqGateways', 'talqTitle', RouterIcon, 'Controllers:list'),
    ],
  },
  {
    id: 'lighting',
    label: 'menuLighting',
    icon: LightbulbIcon,
    entries: [
      'Profiles',
      'Politics',
      link('/Calendar', 'calendar', EventIcon),
      'CalendarProfiles',
      'Categories',
      link('/PowerSchedule', 'menuScheduleByMonth', ScheduleIcon, 'ControllerSchedule:list'),
      'ControllerSchedule',
      'GroupControl',
    ],
  },
  {
    id: 'energy',
    label: 'menuEnergy',
    icon: BoltIcon,
    entries: [
      link('/Dashboard', 'dashboard', DashboardIcon),
      link('/Analytics', 'analytics', InsightsIcon),
      link('/Reports', 'reports', ElectricMeterIcon, 'Meters:view'),
      'MetersAverageData',
    ],
  },
  {
    id: 'events',
    label: 'menuEvents',
    icon: NotificationsIcon,
    entries: [link('/Events', 'menuEventLog', NotificationsIcon, 'ImportantEvents:list'), 'ImportantEvents'],
  },
  {
    id: 'maintenance',
    label: 'menuMaintenance',
    icon: EngineeringIcon,
    entries: [
      'WorkOrders',
      link('/Dispatch', 'dispatchTitle', AssignmentIndIcon, 'WorkOrders:list'),
      'PartReplacements',
      'ServiceRequests',
      'WorkOrderRules',
      'Crews',
      'FaultKinds',
      'Open311Clients',
      link('/MaintenanceReports', 'maintenanceReports', AssessmentIcon, 'WorkOrders:view'),
      link('/field', 'fieldTitle', PhoneAndroidIcon, 'WorkOrders:list'),
    ],
  },
  link('/Commands', 'menuCommands', HistoryIcon, 'control:view'),
  {
    id: 'administration',
    label: 'menuAdministration',
    icon: AdminPanelSettingsIcon,
    entries: [
      'Users',
      'Groups',
      'Roles',
      'Cities',
      'Districts',
      'Vendors',
      'Types',
      'LuminarySupportTypes',
      'LuminarySupportOwners',
      'LuminarySupportCategories',
      'LuminaryModels',
      'MeterModels',
      link('/Wizard', 'wizard', AddLocationIcon, 'Groups:create'),
    ],
  },
  link('/Profile', 'myProfile', PersonIcon),
  link('/About', 'about', InfoIcon),
  link('/Licensing', 'licensing', GavelIcon),
];

/** Every entity named in the menu, in order (a test checks that each registry entity is there once). */
export const menuEntities = (items: readonly MenuItem[] = MENU): string[] =>
  items.flatMap((i) => (isSection(i) ? menuEntities(i.entries) : typeof i === 'string' ? [i] : []));
