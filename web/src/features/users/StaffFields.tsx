import { Checkbox, MultiSelect, PasswordInput, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES } from '../../../../domain/account/staff.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { FormField } from '../../components/form/FormField.tsx';
import { binder, SelectField, TextField } from '../../components/form/fields.tsx';
import type { UserOptions } from './api.ts';
import { nameIn, roleKey } from './UsersPage.tsx';

/** What the staff screens edit; the shape the domain's staffFormIssues reads. */
export interface StaffValues {
  userName: string;
  password: string;
  name: { ar: string; en: string };
  email: string;
  mobile: string;
  roleId: number;
  departmentId: number | null;
  regionIds: number[];
  cityIds: number[];
}

export const emptyStaff = (): StaffValues => ({
  userName: '',
  password: '',
  name: { ar: '', en: '' },
  email: '',
  mobile: '',
  roleId: STAFF_ROLES[0]!,
  departmentId: null,
  regionIds: [],
  cityIds: [],
});

type Set = <K extends keyof StaffValues>(k: K, v: StaffValues[K]) => void;

/** The account fields: user name and first password when creating, then names, e-mail, mobile and role. */
export function ProfileFields({ v, set, creating }: { v: StaffValues; set: Set; creating: boolean }) {
  const { t } = useTranslation();
  const bind = binder(v, set);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {creating && (
        <TextField
          {...bind('userName')}
          label={t('users.field.userName')}
          required
          dir="ltr"
          maxLength={50}
          autoComplete="off"
        />
      )}
      {creating && (
        <FormField
          path="password"
          label={t('users.field.password')}
          description={t('users.field.passwordHint')}
          required
        >
          {({ wrapper }) => (
            <PasswordInput
              {...wrapper}
              dir="ltr"
              maxLength={200}
              autoComplete="new-password"
              value={v.password}
              onChange={(e) => set('password', e.currentTarget.value)}
            />
          )}
        </FormField>
      )}
      <TextField
        path="name.ar"
        label={t('users.field.nameAr')}
        required
        maxLength={200}
        value={v.name.ar}
        onChange={(s) => set('name', { ...v.name, ar: s })}
      />
      <TextField
        path="name.en"
        label={t('users.field.nameEn')}
        required
        dir="ltr"
        maxLength={200}
        value={v.name.en}
        onChange={(s) => set('name', { ...v.name, en: s })}
      />
      <TextField {...bind('email')} label={t('users.field.email')} required type="email" dir="ltr" maxLength={254} />
      <TextField
        {...bind('mobile')}
        label={t('users.field.mobile')}
        required
        type="tel"
        dir="ltr"
        maxLength={10}
        inputMode="numeric"
      />
      <SelectField
        {...bind('roleId', Number)}
        label={t('users.field.role')}
        required
        blank={false}
        options={STAFF_ROLES.map((r) => ({ value: String(r), label: t(roleKey(r)) }))}
      />
    </SimpleGrid>
  );
}

/** The department: one of the active departments, or none. */
export function DepartmentField({ v, set, options }: { v: StaffValues; set: Set; options: UserOptions | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <SelectField
      path="departmentId"
      label={t('users.field.department')}
      blank={t('users.none')}
      value={v.departmentId}
      onChange={(s) => set('departmentId', s === '' ? null : Number(s))}
      options={(options?.departments ?? []).map((d) => ({ value: String(d.id), label: nameIn(d, lang) }))}
    />
  );
}

/**
 * Region–city permission: the authorised regions (each covers all its cities), and single cities of the regions not
 * chosen (the staff scope is both together). Ticking a region drops its single cities, now covered by it.
 */
export function AreasFields({ v, set, options }: { v: StaffValues; set: Set; options: UserOptions | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const regionName = new Map((options?.regions ?? []).map((r) => [r.id, nameIn(r, lang)]));
  const cities = (options?.cities ?? []).filter((c) => c.regionId === null || !v.regionIds.includes(c.regionId));
  const toggle = (ids: number[], id: number, on: boolean) => (on ? [...ids, id] : ids.filter((x) => x !== id));
  const setRegions = (regionIds: number[]) => {
    set('regionIds', regionIds);
    const covered = new Set(
      (options?.cities ?? []).filter((c) => regionIds.includes(c.regionId ?? -1)).map((c) => c.id),
    );
    set(
      'cityIds',
      v.cityIds.filter((id) => !covered.has(id)),
    );
  };
  return (
    <>
      <FormField path="regionIds" label={t('users.field.regions')} kind="group">
        {() => (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
            {(options?.regions ?? []).map((r) => (
              <Checkbox
                key={r.id}
                label={nameIn(r, lang)}
                checked={v.regionIds.includes(r.id)}
                onChange={(e) => setRegions(toggle(v.regionIds, r.id, e.currentTarget.checked))}
                data-testid={`region-${r.id}`}
              />
            ))}
          </SimpleGrid>
        )}
      </FormField>
      <FormField path="cityIds" label={t('users.field.cities')} description={t('users.field.citiesHint')}>
        {({ wrapper }) => (
          <MultiSelect
            {...wrapper}
            searchable
            clearable
            data-testid="user-cities"
            data={cities.map((c) => ({
              value: String(c.id),
              label: `${nameIn(c, lang)}${c.regionId !== null ? ` — ${regionName.get(c.regionId) ?? ''}` : ''}`,
            }))}
            value={v.cityIds.map(String)}
            onChange={(ids) => set('cityIds', ids.map(Number))}
          />
        )}
      </FormField>
    </>
  );
}
