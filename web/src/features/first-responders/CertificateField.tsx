import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../app/UploadProgress.tsx';
import { fileUrl, useUpload } from '../../app/upload.ts';
import { FilePicker } from '../../components/form/FilePicker.tsx';
import { FormField } from '../../components/form/FormField.tsx';

const KIND = 'firstResponderCertificate';

/** The certificate file: checked here first (size, type), uploaded with progress; the form keeps its id. */
export function CertificateField({ value, onChange }: { value: string | undefined; onChange(id: string): void }) {
  const { t } = useTranslation();
  const upload = useUpload(KIND);
  const { state, uploading } = upload;
  const statusId = 'fr-file-status';

  return (
    <FormField
      path="fileId"
      label={t('fr.field.file')}
      required
      kind="control"
      description={t('fr.file.hint')}
      error={state.phase === 'failed' ? t(state.code) : undefined}
      describedBy={[statusId]}
    >
      {({ wrapper, control }) => (
        <>
          <Group gap="sm" mt={6} wrap="wrap">
            <FilePicker
              upload={upload}
              kind={KIND}
              id={wrapper.id}
              label={value ? t('fr.file.replace') : t('fr.file.choose')}
              control={control}
              inputTestId="fr-file-input"
              onUploaded={onChange}
            />
            {value && !uploading && (
              <Anchor href={fileUrl(value)} size="sm" target="_blank" rel="noopener">
                {t('fr.file.view')}
              </Anchor>
            )}
            <Text id={statusId} size="sm" aria-live="polite" data-testid="fr-file-status">
              {state.phase === 'uploading'
                ? t('fr.file.uploading', { name: state.name })
                : value
                  ? t('fr.file.attached')
                  : null}
            </Text>
          </Group>
          <UploadProgress state={state} />
        </>
      )}
    </FormField>
  );
}
