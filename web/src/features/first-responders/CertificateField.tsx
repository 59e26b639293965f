import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileUrl, useUpload } from '../../app/upload.ts';
import { UploadField } from '../../components/form/FilePicker.tsx';

const KIND = 'firstResponderCertificate';

/** The certificate file: checked here first (size, type), uploaded with progress; the form keeps its id. */
export function CertificateField({ value, onChange }: { value: string | undefined; onChange(id: string): void }) {
  const { t } = useTranslation();
  const upload = useUpload(KIND);
  const { state, uploading } = upload;
  return (
    <UploadField
      path="fileId"
      label={t('fr.field.file')}
      required
      description={t('fr.file.hint')}
      upload={upload}
      kind={KIND}
      button={value ? t('fr.file.replace') : t('fr.file.choose')}
      inputTestId="fr-file-input"
      onUploaded={onChange}
      aside={
        value &&
        !uploading && (
          <Anchor href={fileUrl(value)} size="sm" target="_blank" rel="noopener">
            {t('fr.file.view')}
          </Anchor>
        )
      }
      statusId="fr-file-status"
      statusTestId="fr-file-status"
      status={
        state.phase === 'uploading'
          ? t('fr.file.uploading', { name: state.name })
          : value
            ? t('fr.file.attached')
            : null
      }
    />
  );
}
