import { Alert, Button, Checkbox, Divider, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as C from '../../../../api/contracts/preferences.ts';
import { errorCode } from '../../app/api.ts';
import { AppModal } from '../../components/AppModal.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { call } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { notifyDone } from '../../lib/notify.ts';
import { rememberPosition } from '../../lib/readYourWrites.ts';
import { ChangePasswordForm } from '../session/index.ts';

const preferencesQuery = endpointQuery(['preferences'], C.getPreferences, () => ({}));

/** Spec: the preferences dialog (receive e-mail, receive SMS, preferred language) with the password change in it. */
export function PreferencesModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ ...preferencesQuery, enabled: opened });
  const [prefs, setPrefs] = useState<C.Preferences | null>(null);
  useEffect(() => {
    if (query.data) setPrefs(query.data);
  }, [query.data]);
  const save = useMutation({
    mutationFn: (p: C.Preferences) => call(C.updatePreferences, { body: p }),
    onSuccess: (r) => {
      rememberPosition(r.position);
      void queryClient.invalidateQueries({ queryKey: preferencesQuery.queryKey });
      notifyDone(t('preferences.saved'));
    },
  });
  return (
    <AppModal opened={opened} onClose={onClose} title={t('preferences.title')} size="lg">
      {!prefs ? (
        <QueryState query={query} />
      ) : (
        <Stack>
          <Checkbox
            label={t('preferences.receiveEmail')}
            checked={prefs.receiveEmail}
            onChange={(e) => setPrefs({ ...prefs, receiveEmail: e.currentTarget.checked })}
            data-testid="pref-email"
          />
          <Checkbox
            label={t('preferences.receiveSms')}
            checked={prefs.receiveSms}
            onChange={(e) => setPrefs({ ...prefs, receiveSms: e.currentTarget.checked })}
          />
          <NativeSelect
            label={t('preferences.language')}
            value={prefs.preferredLanguage}
            onChange={(e) => setPrefs({ ...prefs, preferredLanguage: e.currentTarget.value as 'ar' | 'en' })}
            data={[
              { value: 'ar', label: t('preferences.language.ar') },
              { value: 'en', label: t('preferences.language.en') },
            ]}
          />
          {save.error && (
            <Alert color="red" role="alert">
              {t(errorCode(save.error))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => save.mutate(prefs)} loading={save.isPending} data-testid="save-preferences">
              {t('preferences.save')}
            </Button>
          </Group>
          <Divider />
          <Title order={2} size="h4">
            {t('preferences.password')}
          </Title>
          <ChangePasswordForm onChanged={onClose} />
        </Stack>
      )}
    </AppModal>
  );
}
