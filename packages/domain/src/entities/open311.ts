import { defineEntity } from '../entity.ts';
import { bool, oneOf, point, ref, text } from '../fields.ts';
import { OPEN311_REQUEST_STATUSES, OPEN311_SERVICE_CODES } from '../maintenance/open311-services.ts';

/** An application that reports for citizens over Open311 (a FixMyStreet-style app), with its API key. */
export const Open311Clients = defineEntity({
  name: 'Open311Clients',
  label: { 'en-us': 'Open311 applications', ru: 'Приложения Open311' },
  labelOne: { 'en-us': 'Open311 application', ru: 'Приложение Open311' },
  aliases: ['open311-clients'],
  area: 'Open311',
  groupField: 'group',
  fields: {
    name: text({ required: true, search: true, list: true }),
    contact: text({ list: true }),
    active: bool({ default: true, list: true }),
    group: ref('Groups', { list: true }),
    // the SHA-256 of its key, issued by POST /api/v2/open311/clients/{id}/key and shown once
    keyHash: text({ readOnly: true, writeOnly: true, unique: true, max: 64 }),
  },
});

/** A citizen's report (an Open311 service request), matched to a mounting and followed by a work order. */
export const ServiceRequests = defineEntity({
  name: 'ServiceRequests',
  label: { 'en-us': 'Citizen reports', ru: 'Обращения граждан' },
  labelOne: { 'en-us': 'Citizen report', ru: 'Обращение гражданина' },
  aliases: ['service-requests'],
  area: 'Open311',
  groupField: 'group',
  titleField: 'serviceCode',
  listSort: { field: 'createdAt', order: 'DESC' },
  fields: {
    serviceCode: oneOf(OPEN311_SERVICE_CODES, { required: true, list: true, filter: true }),
    // open until its work order is verified or cancelled
    status: oneOf(OPEN311_REQUEST_STATUSES, { default: 'open', list: true, filter: true }),
    statusNotes: text({ max: 2000 }),
    description: text({ max: 4000, list: true, search: true }),
    address: text({ search: true }),
    location: point(),
    poleId: text({ max: 64, search: true }),
    // the mounting it was matched to (none: waiting in triage for a dispatcher to name it)
    support: ref('LuminarySupports', { list: true, filter: true }),
    workOrder: ref('WorkOrders', { list: true }),
    client: ref('Open311Clients', { readOnly: true }),
    mediaUrl: text({ max: 2000 }),
    email: text({ max: 200 }),
    firstName: text({ max: 200 }),
    lastName: text({ max: 200 }),
    phone: text({ max: 64 }),
    group: ref('Groups'),
  },
});
