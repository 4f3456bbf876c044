import { Card, CardContent, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Form,
  NumberInput,
  ReferenceInput,
  SaveButton,
  TextInput,
  Title,
  required,
  useNotify,
  useRedirect,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { entity, fieldLabel, type Language } from '@sl/domain';
import { sl, type MessageKey } from '../../i18n/messages.ts';
import { http } from '../../providers/http.ts';
import { PasswordPairInput } from '../../resources/inputs/password-pair-input.tsx';
import { TimezoneInput } from '../../resources/inputs/timezone-input.tsx';
import { cityExists, cityZone } from './wizard-city.ts';

const Users = entity('Users');

function Step({ title }: { title: MessageKey }) {
  const translate = useTranslate();
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
      {translate(sl(title))}
    </Typography>
  );
}

/** Connects a new object (spec §2): a group, its city and its group administrator in one call. */
export default function WizardScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [locale] = useLocaleState();
  const create = async (values: Record<string, Record<string, unknown>>) => {
    if (await cityExists(values.city!)) return { 'city.name.en-us': sl('cityExists') };
    const found = await cityZone(values.city!);
    if (!found) notify(sl('timezoneFallback'), { type: 'warning' });
    // the group keeps its city's zone, so that its schedules and reports have one (spec §3)
    const timezone = found ?? 'UTC';
    const body = { ...values, city: { ...values.city, timezone }, group: { ...values.group, timezone } };
    try {
      await http('POST', '/api/v2/users/create-with-group', body);
      notify(sl('wizardDone'), { type: 'success' });
      redirect('list', 'Groups');
    } catch (err) {
      // spec §8: the server's message prefixed ERROR:
      notify(`ERROR: ${(err as Error).message}`, { type: 'error' });
    }
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={sl('wizard')} />
      <CardContent>
        <Typography variant="h5" component="h1">
          {translate(sl('wizard'))}
        </Typography>
        <Form onSubmit={create} noValidate>
          <Step title="wizardServer" />
          <TextInput source="group.name" label={translate(sl('wizardGroupName'))} validate={required()} />
          <Step title="wizardCity" />
          <TextInput
            source="city.name.en-us"
            label={translate(sl('cityNameLang'), { lang: fieldLabel('en-us', locale as Language) })}
            validate={required()}
          />
          <TextInput
            source="city.name.ru"
            label={translate(sl('cityNameLang'), { lang: fieldLabel('ru', locale as Language) })}
          />
          <NumberInput
            source="city.lat"
            label={translate(sl('latitude'))}
            min={-90}
            max={90}
            validate={required()}
          />
          <NumberInput
            source="city.lon"
            label={translate(sl('longitude'))}
            min={-180}
            max={180}
            validate={required()}
          />
          <TimezoneInput
            source="city.timezone"
            field={entity('Cities').fields.timezone!}
            creating
            label={translate('resources.Cities.fields.timezone')}
          />
          <Step title="wizardAdmin" />
          <TextInput
            source="user.login"
            label={translate('resources.Users.fields.login')}
            validate={required(sl('loginRequired'))}
          />
          <PasswordPairInput
            source="user.password"
            field={Users.fields.password!}
            creating
            label={translate('resources.Users.fields.password')}
          />
          <TextInput
            source="user.email"
            label={translate('resources.Users.fields.email')}
            validate={required(sl('emailRequired'))}
          />
          <ReferenceInput source="user.role" reference="Roles">
            <AutocompleteInput
              label={translate('resources.Users.fields.role')}
              optionText="name"
              validate={required(sl('roleRequired'))}
            />
          </ReferenceInput>
          <SaveButton label={sl('wizardCreate')} alwaysEnable />
        </Form>
      </CardContent>
    </Card>
  );
}
