import { useTranslation } from 'react-i18next';
import { type FileKind, isImageKind, useUpload } from '../../app/upload.ts';
import { FileRemoveButton, UploadField } from '../../components/form/FilePicker.tsx';
import { useFieldSource } from '../../components/form/useDomainForm.ts';
import { useLabel } from './fields.tsx';

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
  const id = useFieldSource().idOf(path);
  const upload = useUpload(kind);
  const { state, uploading } = upload;

  const buttonText = value ? t('reg.file.replace') : t('reg.file.choose');

  return (
    <UploadField
      path={path}
      label={label}
      required={required}
      description={isImageKind(kind) ? t('reg.file.hintImages') : t('reg.file.hintDocuments')}
      upload={upload}
      kind={kind}
      button={buttonText}
      buttonAriaLabel={`${label}: ${buttonText}`}
      inputTestId={`${id}-input`}
      onUploaded={onChange}
      aside={
        value &&
        !uploading && (
          <FileRemoveButton
            text={t('reg.file.remove')}
            fieldLabel={label}
            upload={upload}
            onRemoved={() => onChange(undefined)}
          />
        )
      }
      statusId={`${id}-status`}
      statusStyle={{ overflowWrap: 'anywhere' }}
      status={
        state.phase === 'uploading'
          ? t('reg.file.uploading', { name: state.name })
          : state.phase === 'done' && value
            ? t('reg.file.uploaded', { name: state.name })
            : value
              ? t('reg.file.attached')
              : null
      }
    />
  );
}
