import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as C from '../../../../api/contracts/users.ts';
import { isStaffRole } from '../../../../domain/account/staff.ts';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { DomainFormProvider } from '../../components/form/useDomainForm.ts';
import { PaperSection } from '../../components/PaperSection.tsx';
import { DEFAULT_PAGE_SIZE, gridPaging } from '../../components/paging.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { RecordLinks } from '../../components/RecordLinks.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import {
  assignAreas,
  cityVolunteersQuery,
  editUser,
  snapshotOf,
  type UserDetail,
  type UserOptions,
  userOptionsQuery,
  userQuery,
} from './api.ts';
import { useFailure, useStaffForm } from './NewUserPage.tsx';
import { AreasFields, ProfileFields, type StaffValues } from './StaffFields.tsx';
import { DepartmentSection, PasswordResetSection, StatusSection } from './UserActions.tsx';
import { nameIn } from './UsersPage.tsx';

const route = getRouteApi('/$lang/users/$id');

/** /$lang/users/$id: one account — its profile, department, authorised areas, status and city volunteers. */
export function UserPage() {
  const { t, lang } = useScreen('page.user');
  const { id } = route.useParams();
  const user = useQuery(userQuery(id));
  const options = useQuery(userOptionsQuery);
  if (!user.data) return <QueryState query={user} />;
  if (!options.data) return <QueryState query={options} />;
  const u = user.data;
  return (
    <Stack mt="lg" gap="md">
      <RecordLinks
        back={{ to: '/$lang/users', text: t('users.back') }}
        history={{ kind: 'user', id: u.userId, text: t('users.history'), testId: 'user-history' }}
      />
      <Title order={1}>
        {nameIn(u, lang)} (<bdi dir="ltr">{u.userName}</bdi>)
      </Title>
      <UserEditor key={JSON.stringify(u)} user={u} options={options.data} />
      <StatusSection user={u} />
      <PasswordResetSection user={u} />
      {isStaffRole(u.roleId) && <CityVolunteers userId={u.userId} />}
    </Stack>
  );
}

function valuesOf(u: UserDetail): StaffValues {
  return {
    userName: u.userName,
    password: '',
    name: { ar: u.nameAr, en: u.nameEn },
    email: u.email,
    mobile: u.mobile ?? '',
    roleId: u.roleId,
    departmentId: u.departmentId,
    regionIds: u.regionIds,
    cityIds: u.cityIds,
  };
}

/** The profile (staff accounts only: a volunteer's profile is her registration), the department and the areas. */
function UserEditor({ user, options }: { user: UserDetail; options: UserOptions }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan(C.editUser);
  const canEditAreas = useCan(C.assignAreas);
  const lookups = useMemo(() => snapshotOf(options), [options]);
  const { domain, set } = useStaffForm(valuesOf(user), lookups, false, 'user');
  const v = domain.values;
  const profile = useFailure();
  const areas = useFailure();
  const saveProfile = useMutation({
    mutationFn: () =>
      editUser(queryClient, user.userId, { name: v.name, email: v.email, mobile: v.mobile, roleId: v.roleId }),
    onSuccess: () => notifyDone(t('users.saved')),
    onError: profile.fail,
  });
  const saveAreas = useMutation({
    mutationFn: () => assignAreas(queryClient, user.userId, v.regionIds, v.cityIds),
    onSuccess: () => notifyDone(t('users.areasSaved')),
    onError: areas.fail,
  });
  const staff = isStaffRole(user.roleId);
  const submit = (run: () => void) => (e: FormEvent) => {
    e.preventDefault();
    profile.clear();
    areas.clear();
    if (domain.check('save').length === 0) run();
  };
  return (
    <DomainFormProvider value={domain.fields}>
      {staff && (
        <FormSection
          id="user-profile-title"
          title={t('users.profile')}
          onSubmit={submit(() => saveProfile.mutate())}
          alert={profile.alert}
          save={canEdit ? { label: t('users.save'), busy: saveProfile.isPending, testId: 'save-user' } : null}
        >
          <ProfileFields v={v} set={set} creating={false} />
        </FormSection>
      )}
      {staff && <DepartmentSection user={user} v={v} set={set} options={options} />}
      {staff && (
        <FormSection
          id="user-areas-title"
          title={t('users.areas')}
          onSubmit={submit(() => saveAreas.mutate())}
          alert={areas.alert}
          save={canEditAreas ? { label: t('users.saveAreas'), busy: saveAreas.isPending, testId: 'save-areas' } : null}
        >
          <AreasFields v={v} set={set} options={options} />
        </FormSection>
      )}
    </DomainFormProvider>
  );
}

/** City volunteers (spec: Permissions): the approved volunteers living in this staff member's regions and cities. */
function CityVolunteers({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const canView = useCan(C.cityVolunteers);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const query = useQuery({
    ...cityVolunteersQuery(userId, paging.page, paging.pageSize),
    enabled: canView,
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const helper = gridColumnHelper<{ volunteerId: string; nameAr: string; nameEn: string; mobile: string | null }>();
    return helper.columns([
      helper.accessor((r) => nameIn(r, lang), {
        id: 'name',
        enableSorting: false,
        ...columnTitle(t('users.field.name')),
      }),
      helper.accessor('mobile', {
        enableSorting: false,
        ...columnTitle(t('users.field.mobile')),
        cell: (c) => <bdi dir="ltr">{c.getValue() ?? '—'}</bdi>,
      }),
    ]);
  }, [t, lang]);
  if (!canView) return null;
  return (
    <PaperSection titleId="city-volunteers-title" title={t('users.cityVolunteers')}>
      <DataGrid
        id="city-volunteers"
        caption={t('users.cityVolunteersCaption')}
        columns={columns}
        getRowId={(r) => r.volunteerId}
        query={query}
        columnChoice={false}
        emptyMessage={t('users.cityVolunteersEmpty')}
        paging={gridPaging(paging, query, setPaging)}
        testId="city-volunteers"
      />
    </PaperSection>
  );
}

/** A titled section of the user page holding one form, with its alert and (when the user may) its save button. */
function FormSection(props: {
  id: string;
  title: string;
  onSubmit: (e: FormEvent) => void;
  alert: ReactNode;
  save: { label: string; busy: boolean; testId: string } | null;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={props.id}>
      <form noValidate onSubmit={props.onSubmit}>
        <Stack>
          <Title order={2} size="h3" id={props.id}>
            {props.title}
          </Title>
          {props.children}
          {props.alert}
          {props.save && (
            <Group justify="flex-end">
              <Button type="submit" loading={props.save.busy} data-testid={props.save.testId}>
                {props.save.label}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
