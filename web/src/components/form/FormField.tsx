import { Input, type InputWrapperProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldSource } from './useDomainForm.ts';

/**
 * What a Mantine input (TextInput, NativeSelect, DateInput, PasswordInput…) takes to be this field: spread on it,
 * its own wrapper shows label, required mark, hint and error, and ties them to the input (aria-describedby,
 * aria-invalid) with these ids.
 */
export interface WrapperProps {
  id: string;
  label: ReactNode;
  required: boolean | undefined;
  description: ReactNode;
  error: ReactNode;
  labelProps: { id: string };
  descriptionProps: { id: string };
  errorProps: { id: string };
  inputWrapperOrder: InputWrapperProps['inputWrapperOrder'];
}

/** What a control that is not a Mantine input (radios, a button) carries inside the wrapper this field renders. */
export interface ControlProps {
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  /** For Mantine controls' red styling (`error={control.invalid}`). */
  invalid: boolean;
}

export interface FieldParts {
  wrapper: WrapperProps;
  control: ControlProps;
}

export interface FormFieldProps {
  /** The value's path in the form ("user.email"): gives the DOM id and finds the field's issue. */
  path: string;
  label: ReactNode;
  required?: boolean;
  description?: ReactNode;
  /** An error that is not the form's (an upload refused before it reached the form); wins over the form's issue. */
  error?: ReactNode;
  /**
   * 'input' (default): one Mantine input, which gets `wrapper` spread on it. 'group' and 'radiogroup': several
   * controls (checkboxes, radios, day/month/year), wrapped here in a named group carrying the id. 'control': one
   * control that is not a Mantine input (a button), wrapped here; it gets the id.
   */
  kind?: 'input' | 'group' | 'radiogroup' | 'control';
  /**
   * For a group: the id goes to the one control inside that stands for the field (a date's input), so that links
   * and focus land on it; the group then takes `<id>-group`.
   */
  idOnControl?: boolean;
  /** More ids the control is described by (an upload's live status). */
  describedBy?: readonly string[];
  children(field: FieldParts): ReactNode;
}

/**
 * The one wrapper around every form field: label with the required mark, hint, and the domain rule's error in the
 * page's language, all tied to the control by ids. Mantine's Input.Wrapper lays it out and follows the direction.
 */
export function FormField({
  path,
  label,
  required,
  description,
  error,
  kind = 'input',
  describedBy = [],
  idOnControl = false,
  children,
}: FormFieldProps) {
  const { t } = useTranslation();
  const source = useFieldSource();
  const id = source.idOf(path);
  const code = source.errorOf(path);
  const shownError = error ?? (code ? t(code) : undefined);
  const ids = { label: `${id}-label`, description: `${id}-description`, error: `${id}-error` };
  const describedByIds = [shownError ? ids.error : null, description ? ids.description : null, ...describedBy].filter(
    (x): x is string => !!x,
  );
  const invalid = !!shownError;

  const wrapper: WrapperProps = {
    id,
    label,
    required,
    description,
    error: shownError,
    labelProps: { id: ids.label },
    descriptionProps: { id: ids.description },
    errorProps: { id: ids.error },
    inputWrapperOrder: ['label', 'input', 'description', 'error'],
  };
  const control: ControlProps = {
    'aria-describedby': describedByIds.length > 0 ? describedByIds.join(' ') : undefined,
    'aria-invalid': invalid ? true : undefined,
    invalid,
  };

  if (kind === 'input') return children({ wrapper, control });
  const group = kind !== 'control';
  return (
    <Input.Wrapper
      {...wrapper}
      // A group's label is a div naming the group; a single control's label points at it.
      id={group ? undefined : id}
      labelElement={group ? 'div' : 'label'}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      {group ? (
        <Group
          id={idOnControl ? `${id}-group` : id}
          radio={kind === 'radiogroup'}
          labelledBy={ids.label}
          describedBy={control['aria-describedby']}
          invalid={invalid}
        >
          {children({ wrapper, control: { ...control, 'aria-describedby': undefined, 'aria-invalid': undefined } })}
        </Group>
      ) : (
        children({ wrapper, control })
      )}
    </Input.Wrapper>
  );
}

interface GroupProps {
  id: string;
  radio: boolean;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  children: ReactNode;
}

/** A fieldset without the browser's frame: the wrapper's label and spacing already show the group. */
const BARE = { border: 0, margin: 0, padding: 0, minInlineSize: 0 } as const;

/** The named group around a field's several controls (reachable by its id for links and focus). */
function Group({ id, radio, labelledBy, describedBy, invalid, children }: GroupProps) {
  return radio ? (
    <div
      id={id}
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      tabIndex={-1}
    >
      {children}
    </div>
  ) : (
    <fieldset id={id} aria-labelledby={labelledBy} aria-describedby={describedBy} tabIndex={-1} style={BARE}>
      {children}
    </fieldset>
  );
}
