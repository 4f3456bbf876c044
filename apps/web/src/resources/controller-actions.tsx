import { useRecordContext, useTranslate } from 'react-admin';
import { sl } from '../i18n/messages.ts';
import { http } from '../providers/http.ts';
import { IssueOnce } from './issue-once.tsx';
import { SecretShown, type Issued } from './secret-shown.tsx';

/**
 * A controller's broker secret (issue 16 §1): commissioning or rotating issues a new one, shown once in this
 * dialog; the server keeps only its hash, and the old secret stops working at once.
 */
export function ControllerActions() {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <IssueOnce<Issued>
      testId="secret"
      label={translate(sl('secretIssue'))}
      what={translate(sl('secretIssueWhat'))}
      doLabel={translate(sl('secretIssueDo'))}
      issue={async () =>
        (await http<{ result: Issued }>('POST', `/api/v2/controllers/${record?._id}/secret`)).result
      }
      shown={(issued) => <SecretShown issued={issued} />}
    />
  );
}
