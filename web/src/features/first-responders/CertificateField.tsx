import { Anchor, Button, Group, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../app/UploadProgress.tsx';
import { acceptOf, fileUrl, useUpload } from '../../app/upload.ts';
import { FormField } from '../../components/form/FormField.tsx';

const KIND = 'firstResponderCertificate';

/** The certificate file: checked here first (size, type), uploaded with progress; the form keeps its id. */
export function CertificateField({ value, onChange }: { value: string | undefined; onChange(id: string): void }) {
  const { t } = useTranslation();
  const { state, start, uploading } = useUpload(KIND);
  const input = useRef<HTMLInputElement>(null);
  const statusId = 'fr-file-status';

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const result = await start(file);
    if (result?.ok) onChange(result.file.fileId);
  }

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
            <input
              ref={input}
              type="file"
              hidden
              tabIndex={-1}
              accept={acceptOf(KIND)}
              data-testid="fr-file-input"
              onChange={(e) => void pick(e.currentTarget.files?.[0])}
            />
            <Button
              id={wrapper.id}
              variant="default"
              size="sm"
              loading={uploading}
              aria-describedby={control['aria-describedby']}
              aria-invalid={control['aria-invalid']}
              onClick={() => input.current?.click()}
            >
              {value ? t('fr.file.replace') : t('fr.file.choose')}
            </Button>
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
