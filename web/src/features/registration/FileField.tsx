import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../app/UploadProgress.tsx';
import { type FileKind, isImageKind, useUpload } from '../../app/upload.ts';
import { FilePicker, FileRemoveButton } from '../../components/form/FilePicker.tsx';
import { useFieldSource } from '../../components/form/useDomainForm.ts';
import { RegField, useLabel } from './fields.tsx';

interface FileFieldProps {
  path: string;
  kind: FileKind;
  value: string | undefined;
  onChange(fileId: string | undefined): void;
  required?: boolean;
}

/**
 * One attachment: size and type are checked here first (same codes as the server), then the file is uploaded with
 * progress, and the form keeps only its id.
 */
export function FileField({ path, kind, value, onChange, required }: FileFieldProps) {
  const { t } = useTranslation();
  const label = useLabel(path);
  const statusId = `${useFieldSource().idOf(path)}-status`;
  const upload = useUpload(kind);
  const { state, uploading } = upload;

  const buttonText = value ? t('reg.file.replace') : t('reg.file.choose');

  return (
    <RegField
      path={path}
      kind="control"
      required={required}
      // A refused upload never reached the form: its code is shown in the field's place.
      error={state.phase === 'failed' ? t(state.code) : undefined}
      description={isImageKind(kind) ? t('reg.file.hintImages') : t('reg.file.hintDocuments')}
      describedBy={[statusId]}
    >
      {({ wrapper, control }) => (
        <>
          <Group gap="sm" mt={6} wrap="wrap">
            <FilePicker
              upload={upload}
              kind={kind}
              id={wrapper.id}
              label={buttonText}
              ariaLabel={`${label}: ${buttonText}`}
              control={control}
              inputTestId={`${wrapper.id}-input`}
              onUploaded={onChange}
            />
            {value && !uploading && (
              <FileRemoveButton
                text={t('reg.file.remove')}
                fieldLabel={label}
                upload={upload}
                onRemoved={() => onChange(undefined)}
              />
            )}
            <Text id={statusId} size="sm" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
              {state.phase === 'uploading'
                ? t('reg.file.uploading', { name: state.name })
                : state.phase === 'done' && value
                  ? t('reg.file.uploaded', { name: state.name })
                  : value
                    ? t('reg.file.attached')
                    : null}
            </Text>
          </Group>
          <UploadProgress state={state} />
        </>
      )}
    </RegField>
  );
}
