import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// eslint-disable-next-line no-restricted-imports -- the browser test drives the real server, as the HTTP tests do
import { ADMIN_PASSWORD, type TestServer } from '../../server/test/harness.ts';
import { shot } from './browser.ts';
import { openPage, signIn, signInAt, consoleForSuite } from './console-session.ts';
import { choose } from './form-helpers.ts';

let s: TestServer;
let browser: Browser;

consoleForSuite((running) => ({ s, browser } = running));

const one = async (path: string) => (await s.call('GET', path)).body.data[0];

describe('administration screens in Chromium', () => {
  it('edits a role as a matrix of areas and flags, from the default rights, and copies it', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Roles/create');
    await page.getByRole('textbox', { name: 'Name' }).fill('Night operator');
    await page.getByRole('button', { name: 'Default rights' }).click();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Cabinets: view', exact: true }).isChecked())
      .toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Cabinets: edit' }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'Cabinets: edit' }).check();
    await shot(page, 'role-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/Roles');
    const role = await one('/api/v1/Roles?name=Night%20operator');
    expect(role.accessRights.Cabinets).toMatchObject({ view: true, list: true, edit: true });

    await page.goto(`${s.url}/Roles/${role._id}`);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('textbox', { name: 'Name of the copy' }).fill('Night operator 2');
    await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Role copied').waitFor();
    const copy = await one('/api/v1/Roles?name=Night%20operator%202');
    expect(copy.accessRights.Cabinets.edit).toBe(true);
    await page.waitForURL(`**/Roles/${copy._id}`);
  });

  it('creates a user under the form rules of spec §5, then locks it', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Users/create');
    await page.getByRole('textbox', { name: 'Login' }).fill('operator1');
    // an administrator belongs to no group, so a new user starts without one, and the form asks for it
    const password = page.getByLabel(/^Password/);
    const repeat = page.getByLabel('Repeat the password');
    const save = page.getByRole('button', { name: 'Save' });
    await password.fill('short1');
    await save.click();
    await page.getByText('Password too short').waitFor();
    // every user, an administrator too, has a role and an e-mail
    await page.getByText('Role required').waitFor();
    await page.getByText('E-mail required').waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('operator1@example.org');
    await choose(page, 'Role', 'Viewer');
    await password.fill('abcdefghij');
    await save.click();
    await page.getByText('Password not difficult enough').waitFor();
    await password.fill('Night-shift-7');
    await repeat.fill('Night-shift-8');
    await save.click();
    await page.getByText('Passwords not equal').waitFor();
    await repeat.fill('Night-shift-7');
    await save.click();
    await page.getByText('Group must be specified').waitFor();
    await shot(page, 'user-rules-en');
    await page.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Administrator', exact: true }).click();
    await save.click();
    await page.waitForURL('**/Users');
    const user = await one('/api/v1/Users?login=operator1');
    expect(user).toMatchObject({ type: 'ADMIN', isLocked: false });
    expect((await s.signIn('operator1', 'Night-shift-7')).cookies.has('sid')).toBe(true);

    await page.goto(`${s.url}/Users/${user._id}`);
    await page.getByLabel('New password (leave empty to keep)').fill('Day-shift-9');
    await page.getByLabel('Repeat the password').fill('Day-shift-9');
    await save.click();
    await page.waitForURL('**/Users');
    expect((await s.signIn('operator1', 'Day-shift-9')).cookies.has('sid')).toBe(true);

    await page.goto(`${s.url}/Users/${user._id}`);
    await page.getByLabel('Is locked').check();
    await save.click();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.waitForURL('**/Users');
    expect((await one('/api/v1/Users?login=operator1')).isLocked).toBe(true);
  });

  it('fills a city time zone from its coordinates, offline', async () => {
    const page = await openPage(browser, 'ru');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Cities/create');
    await page.getByLabel('Название: Английский').fill('Novosibirsk');
    await page.getByLabel('Название: Русский').fill('Новосибирск');
    await page.getByLabel('Широта *').fill('55.03');
    await page.getByLabel('Долгота *').fill('82.92');
    await page.getByRole('button', { name: 'Часовой пояс по координатам' }).click();
    await expect.poll(() => page.getByLabel('Часовой пояс').inputValue()).toBe('Asia/Novosibirsk');
    await shot(page, 'city-ru');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL('**/Cities');
    await page.getByRole('cell', { name: 'Новосибирск' }).waitFor();
    expect((await one('/api/v1/Cities?q=Novosibirsk')).timezone).toBe('Asia/Novosibirsk');
  });

  it('connects a new object through the wizard, and says ERROR: when the server refuses', async () => {
    const page = await openPage(browser, 'en-us');
    await signInAt(page, s.url, 'admin', ADMIN_PASSWORD, '/Wizard');
    const fill = async (group: string, city = 'Tomsk') => {
      await page.getByLabel('Group name *').fill(group);
      await page.getByLabel('Name in English *').fill(city);
      await page.getByLabel('Latitude *').fill('56.48');
      await page.getByLabel('Longitude *').fill('84.95');
      await page.getByRole('button', { name: 'Time zone from coordinates' }).click();
      await page.getByLabel('Login *').fill(`${group.toLowerCase()}-admin`);
      await page.getByLabel(/^Password/).fill('Tomsk-admin-1');
      await page.getByLabel('Repeat the password').fill('Tomsk-admin-1');
      await page.getByLabel('E-mail *').fill(`${group.toLowerCase()}-admin@example.org`);
      await choose(page, 'Role', 'Viewer');
    };
    await fill('Tomsk');
    await shot(page, 'wizard-en');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Group, city and group administrator created').waitFor();
    const group = await one('/api/v1/Groups?name=Tomsk');
    const user = await one('/api/v1/Users?login=tomsk-admin');
    expect(user).toMatchObject({ type: 'GROUPADMIN', group: group._id });

    await page.goto(s.url + '/Wizard');
    // a city of a name that is taken is refused in the form (form-choices.test.ts); a group reaches the server
    await fill('Tomsk', 'Seversk');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText(/^ERROR: Already exists/).waitFor();
  });

  it('shows my profile with an avatar drawn from the login', async () => {
    const page = await openPage(browser, 'ru');
    await signIn(page, s.url, 'admin', ADMIN_PASSWORD);
    await page.getByRole('menuitem', { name: 'Мой профиль' }).click();
    await page.getByRole('heading', { level: 1, name: 'Мой профиль' }).waitFor();
    await page.getByText('AD', { exact: true }).waitFor();
    await page.getByText('Администратор', { exact: true }).waitFor();
    await shot(page, 'profile-ru');
  });
});
