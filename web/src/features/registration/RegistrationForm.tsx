import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveRegistrationResponse } from '../../../../api/contracts/registration.ts';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import { type Issue, summaryCode } from '../../../../domain/registration/rules.ts';
import { RegistrationStatus } from '../../../../domain/registration/status.ts';
import type { ClientConfig } from '../../../../domain/shared/clients.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { ApiError, errorCode } from '../../app/api.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { AppModal } from '../../components/AppModal.tsx';
import { useCaptcha } from '../../components/captcha/Captcha.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { DomainFormProvider, useDomainForm } from '../../components/form/useDomainForm.ts';
import { AgreementSection, UserSection } from './accountSections.tsx';
import { type Lookups, lookupSnapshot, SaveErrorDetails, saveRegistration } from './api.ts';
import { useFormActions } from './formActions.ts';
import {
  checkForm,
  fieldId,
  focusField,
  formToSend,
  inPageOrder,
  knownCode,
  labelKeyOf,
  REG_ID_PREFIX,
  rowOf,
} from './formState.ts';
import { LISTS, RepeatableList } from './listSections.tsx';
import { AddressSection, IdentitySection, PersonalSection, VolunteeringTimesSection } from './personalSections.tsx';
import {
  EmployeeSection,
  MedicalSection,
  PractitionerSection,
  SpecialitiesSection,
  SpecialNeedsSection,
} from './profileSections.tsx';
import { listTitleKey } from './sections.tsx';

/** Spec: the submit button is enabled again after 5 s at most, whatever the network does. */
export const SAVE_LOCK_MS = 5000;

export interface RegistrationFormProps {
  /** 'create': a visitor's new registration (POST); 'edit': the signed-in volunteer's own (PUT). */
  target: 'create' | 'edit';
  client: ClientConfig;
  lookups: Lookups;
  initial?: Form;
  /** The status of the registration being edited: a submitted one is no longer saved as a draft. */
  status?: RegistrationStatus;
  /** A visitor's registration carries the captcha where it is on (spec: hidden in a local environment). */
  captcha?: boolean;
  onSaved(response: SaveRegistrationResponse, submitted: boolean, form: Form): void | Promise<void>;
}

export function RegistrationForm({
  target,
  client,
  lookups,
  initial,
  status,
  captcha: captchaOn = false,
  onSaved,
}: RegistrationFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editing = target === 'edit';
  const full = client.registrationVariant === 'full';
  const withTimes = full && client.code === 'MOH';
  const canDraft = !editing || status === RegistrationStatus.Draft;

  // The master data as the server's rules see it (national nationality, excluded regions are flags on its rows).
  const context = useMemo(() => ({ client, editing, lookups: lookupSnapshot(lookups) }), [client, editing, lookups]);
  const domain = useDomainForm<Form, 'draft' | 'submit'>({
    initialValues: initial ?? {},
    // The domain's own rules (what the server runs) on the body that would be sent.
    rules: (values, mode) => checkForm(formToSend(values, context), mode, context, new Date()),
    defaultMode: 'submit',
    idPrefix: REG_ID_PREFIX,
    order: (found) => inPageOrder(found),
  });
  const { values: form, issues, fields } = domain;
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const [locked, setLocked] = useState(false);
  const focusFirst = useRef(false);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(lockTimer.current), []);

  // After a refused save, focus the first invalid field on the page (its message is announced with it).
  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    const [first] = issues;
    if (first) focusField(first.path);
  }, [issues]);

  /** Shows the issues in page order (the summary lists them as the fields come) and focuses the first. */
  function showIssues(found: Issue[]) {
    focusFirst.current = true;
    domain.showIssues(found);
  }

  // Stable for the life of the form: the memoised sections re-render only when their own slice changes.
  const actions = useFormActions(domain);
  const openTerms = useCallback(() => setTermsOpen(true), []);

  const captcha = useCaptcha(!editing && captchaOn);
  const mutation = useMutation({
    mutationFn: ({ body, submit }: { body: Form; submit: boolean }) =>
      saveRegistration(queryClient, target, body, submit, captcha.payload),
    onSuccess: (response, { body, submit }) => onSaved(response, submit, body),
    onError: (e) => {
      if (e instanceof ApiError && e.handled) return;
      if (e instanceof ApiError) {
        const details = SaveErrorDetails.safeParse(e.details ?? {});
        if (details.success && details.data.field) {
          showIssues([{ path: details.data.field, code: e.code }]);
          return;
        }
        if (details.success && details.data.issues?.length) {
          showIssues(details.data.issues.map((i) => ({ path: i.path, code: knownCode(i.code) })));
          return;
        }
      }
      setFailure(errorCode(e));
    },
    onSettled: () => {
      clearTimeout(lockTimer.current);
      setLocked(false);
      if (captcha.enabled) captcha.renew(); // a solved challenge serves one request
    },
  });

  function save(submit: boolean) {
    if (locked) return;
    setFailure(null);
    const body = formToSend(form, context);
    focusFirst.current = true;
    const found = domain.check(submit ? 'submit' : 'draft');
    if (found.length > 0) return;
    if (captcha.enabled && !captcha.payload) return setFailure('WrongCaptcha');
    setLocked(true);
    clearTimeout(lockTimer.current);
    lockTimer.current = setTimeout(() => setLocked(false), SAVE_LOCK_MS);
    mutation.mutate({ body, submit });
  }

  const sections: { anchor: string; titleKey: TranslationKey }[] = [
    { anchor: 'personalInfoSection', titleKey: 'reg.section.personal' },
    { anchor: 'IdSection', titleKey: 'reg.section.identity' },
    { anchor: 'addressSection', titleKey: 'reg.section.address' },
    { anchor: 'medicalInformationSection', titleKey: 'reg.section.medical' },
    { anchor: 'specialitiesSection', titleKey: 'reg.section.specialities' },
    ...(withTimes ? [{ anchor: 'VolunteeringTimes', titleKey: 'reg.section.volunteeringTimes' as const }] : []),
    { anchor: 'emergencyContactsSection', titleKey: 'reg.section.emergencyContacts' },
    { anchor: 'graduationCertificatesSection', titleKey: 'reg.section.graduationCertificates' },
    { anchor: 'languagesSection', titleKey: 'reg.section.languages' },
    { anchor: 'userInfoSection', titleKey: 'reg.section.user' },
  ];

  function issueLabel(path: string): string {
    const key = labelKeyOf(path);
    const field = key ? t(key) : path;
    const row = rowOf(path);
    if (!row) return field;
    return t('reg.fieldInRow', {
      field,
      row: t('reg.list.row', { section: t(listTitleKey(row.list)), n: row.index + 1 }),
    });
  }

  return (
    <DomainFormProvider value={fields}>
      <form
        noValidate
        onSubmit={(e) => e.preventDefault()}
        aria-label={t(editing ? 'page.editRegistration' : 'page.register')}
      >
        <Stack gap="lg">
          <nav aria-label={t('reg.sections')} className="reg-toc">
            <Group component="ul" gap={6} wrap="wrap" className="reg-toc-list">
              {sections.map((s) => (
                <li key={s.anchor}>
                  <Anchor
                    href={`#${s.anchor}`}
                    size="sm"
                    onClick={(e) => {
                      e.preventDefault();
                      const heading = document.getElementById(`${s.anchor}-title`);
                      heading?.scrollIntoView({ block: 'start' });
                      heading?.focus({ preventScroll: true });
                    }}
                  >
                    {t(s.titleKey)}
                  </Anchor>
                </li>
              ))}
            </Group>
          </nav>

          <ErrorAlert message={failure && t(failure)} testId="reg-failure" />
          {issues.length > 0 && (
            <Alert color="red.9" variant="outline" title={t(summaryCode(issues))} data-testid="reg-summary">
              <Text size="sm" mb={4}>
                {t('reg.summary.intro')}
              </Text>
              <List size="sm" spacing={2}>
                {issues.map((issue) => (
                  <List.Item key={`${issue.path}:${issue.code}`}>
                    <Anchor
                      href={`#${fieldId(issue.path)}`}
                      size="sm"
                      c="red.9"
                      underline="always"
                      onClick={(e) => {
                        e.preventDefault();
                        focusField(issue.path);
                      }}
                    >
                      {/* A missing field is named; the title already says what is wrong with it. */}
                      {issue.code === 'AllFieldsRequired'
                        ? issueLabel(issue.path)
                        : `${issueLabel(issue.path)}: ${t(issue.code)}`}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}

          <PersonalSection actions={actions} personal={form.personal} full={full} />
          <IdentitySection
            actions={actions}
            identity={form.identity}
            photoFileId={form.photoFileId}
            idFileId={form.idFileId}
            full={full}
            lookups={lookups}
          />
          <AddressSection actions={actions} address={form.address} lookups={lookups} />
          <MedicalSection
            actions={actions}
            medical={form.medical}
            covidContactField={client.covidContactField}
            lookups={lookups}
          />
          <SpecialitiesSection
            actions={actions}
            specialities={form.specialities}
            skills={form.skills}
            full={full}
            lookups={lookups}
          />
          <PractitionerSection actions={actions} practitioner={form.practitioner} />
          {withTimes && (
            <VolunteeringTimesSection
              actions={actions}
              preferredTime={form.personal?.preferredTime}
              preferredDays={form.personal?.preferredDays}
            />
          )}
          {LISTS.map((list) => (
            <RepeatableList key={list} list={list} actions={actions} rows={form[list]} lookups={lookups} />
          ))}
          <SpecialNeedsSection
            actions={actions}
            isSpecialNeeds={form.personal?.isSpecialNeeds}
            specialNeedsDetails={form.personal?.specialNeedsDetails}
          />
          {client.employeeFields && (
            <EmployeeSection actions={actions} employee={form.employee} idNumber={form.identity?.idNumber} />
          )}
          <UserSection
            actions={actions}
            user={form.user}
            editing={editing}
            client={client}
            isEmployee={form.employee?.isEmployee}
          />
          <AgreementSection actions={actions} agreement={form.agreement} onOpenTerms={openTerms} />

          {captcha.field}
          <Group gap="sm" justify="flex-end" className="reg-actions">
            {canDraft && (
              <Button
                variant="default"
                onClick={() => save(false)}
                disabled={locked}
                loading={locked && mutation.isPending && mutation.variables?.submit === false}
              >
                {t('reg.saveDraft')}
              </Button>
            )}
            <Button
              onClick={() => save(true)}
              disabled={locked}
              loading={locked && mutation.isPending && mutation.variables?.submit === true}
            >
              {editing && !canDraft ? t('reg.saveChanges') : t('reg.submit')}
            </Button>
          </Group>
        </Stack>
      </form>

      <TermsModal
        opened={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          actions.setTop('agreement', true);
          setTermsOpen(false);
        }}
      />
    </DomainFormProvider>
  );
}

function TermsModal({ opened, onClose, onAccept }: { opened: boolean; onClose(): void; onAccept(): void }): ReactNode {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('reg.terms.title')} size="lg">
      <Stack>
        <List type="ordered" spacing="xs">
          <List.Item>{t('reg.terms.p1')}</List.Item>
          <List.Item>{t('reg.terms.p2')}</List.Item>
          <List.Item>{t('reg.terms.p3')}</List.Item>
          <List.Item>{t('reg.terms.p4')}</List.Item>
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('reg.terms.close')}
          </Button>
          <Button onClick={onAccept}>{t('reg.terms.accept')}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
