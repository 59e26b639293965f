import { Badge, NativeSelect, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { exportUsers } from '../../../../api/contracts/exports.ts';
import * as C from '../../../../api/contracts/users.ts';
import { STAFF_ROLES } from '../../../../domain/account/staff.ts';
import { Role, type RoleId, RoleNameKey } from '../../../../domain/shared/roles.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { AnchorLink, ButtonLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { columnTitle, DataGrid, gridColumnHelper, ltrCell } from '../../components/DataGrid.tsx';
import { useGridExport } from '../../components/ExportDialog.tsx';
import { FilterPanel, type FiltersProps } from '../../components/FilterPanel.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { gridPaging } from '../../components/paging.ts';
import { choices, idChoices, numberChoices } from '../../lib/filterFields.ts';
import { urlFilters, withoutPagingDefaults } from '../../lib/search-params.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { startUsersExport, type UserRow, userOptionsQuery, usersQuery } from './api.ts';
import { type UserFilterValues, type UserSort, type UsersSearch, usersParams } from './search.ts';

const route = getRouteApi('/$lang/users');
const helper = gridColumnHelper<UserRow>();

export const nameIn = (x: { nameAr: string; nameEn: string }, lang: Lang) =>
  (lang === 'ar' ? x.nameAr : x.nameEn) || x.nameAr || x.nameEn;
export const roleKey = (roleId: number) => RoleNameKey[roleId as RoleId] as TranslationKey;

/** Active or deactivated, as a badge (the theme's dark shades pass contrast). */
export function UserStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green.9' : 'gray.8'} variant="light" data-testid="user-status">
      {t(active ? 'users.status.active' : 'users.status.inactive')}
    </Badge>
  );
}

function UserFilters({ initial, onApply, onClear }: FiltersProps<UserFilterValues>) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const options = useQuery(userOptionsQuery);
  const [f, setF] = useState<UserFilterValues>(initial);
  const all = { value: '', label: t('users.any') };
  const choose = numberChoices(f, setF, all.label);
  const named = (xs: { id: number; nameAr: string; nameEn: string }[] | undefined) =>
    idChoices(xs, (x) => nameIn(x, lang));
  const roles = choices([Role.Volunteer, ...STAFF_ROLES], (r) => t(roleKey(r)));
  return (
    <FilterPanel cols={5} onSearch={() => onApply(f)} onClear={onClear}>
      <TextInput
        label={t('users.field.search')}
        value={f.search ?? ''}
        maxLength={100}
        onChange={(e) => {
          const search = e.currentTarget.value || undefined;
          setF((o) => ({ ...o, search }));
        }}
        data-testid="users-search"
      />
      <NativeSelect label={t('users.field.role')} {...choose('roleId', roles)} />
      <NativeSelect label={t('users.field.department')} {...choose('departmentId', named(options.data?.departments))} />
      <NativeSelect label={t('users.field.regions')} {...choose('regionId', named(options.data?.regions))} />
      <NativeSelect
        label={t('users.field.status')}
        value={f.status ?? ''}
        onChange={(e) => {
          const status = (e.currentTarget.value || undefined) as UserFilterValues['status'];
          setF((o) => ({ ...o, status }));
        }}
        data={[
          all,
          { value: 'active', label: t('users.status.active') },
          { value: 'inactive', label: t('users.status.inactive') },
        ]}
      />
    </FilterPanel>
  );
}

/** /$lang/users: every account, searched, filtered, sorted and paged on the server (screen `users`). */
export function UsersPage() {
  const { t, title, lang } = useScreen('page.users');
  const search = route.useSearch();
  const navigate = useNavigate();
  const canAdd = useCan(C.createUser);
  const exporting = useGridExport(exportUsers, startUsersExport(search));
  const params = usersParams(search);
  const query = useQuery({ ...usersQuery(search), placeholderData: keepPreviousData });
  const options = useQuery(userOptionsQuery);
  const go = (next: UsersSearch) =>
    void navigate({ to: '/$lang/users', params: { lang }, search: withoutPagingDefaults(next) });
  const panel = urlFilters(search, go, ['sort', 'dir']);

  const columns = useMemo(() => {
    const departments = new Map((options.data?.departments ?? []).map((d) => [d.id, nameIn(d, lang)]));
    return helper.columns([
      helper.accessor(lang === 'ar' ? 'nameAr' : 'nameEn', {
        id: lang === 'ar' ? 'nameAr' : 'nameEn',
        enableHiding: false,
        ...columnTitle(t('users.field.name')),
        cell: (c) => (
          <AnchorLink to="/$lang/users/$id" params={{ lang, id: c.row.original.userId }} fw={600}>
            {nameIn(c.row.original, lang)}
          </AnchorLink>
        ),
      }),
      helper.accessor('userName', { ...columnTitle(t('users.field.userName')), cell: ltrCell }),
      helper.accessor('email', { enableSorting: false, ...columnTitle(t('users.field.email')), cell: ltrCell }),
      helper.accessor('roleId', {
        ...columnTitle(t('users.field.role')),
        cell: (c) => t(roleKey(c.getValue())),
      }),
      helper.accessor('departmentId', {
        enableSorting: false,
        ...columnTitle(t('users.field.department')),
        cell: (c) => (c.getValue() === null ? '—' : (departments.get(c.getValue()!) ?? '—')),
      }),
      helper.accessor('active', {
        enableSorting: false,
        ...columnTitle(t('users.field.status')),
        cell: (c) => <UserStatusBadge active={c.getValue()} />,
      }),
      helper.accessor('lastLoginAt', {
        ...columnTitle(t('users.field.lastLogin')),
        cell: (c) =>
          c.getValue() ? new Date(c.getValue()!).toLocaleString(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB') : '—',
      }),
    ]);
  }, [t, lang, options.data]);

  const add = canAdd && (
    <ButtonLink to="/$lang/users/new" params={{ lang }} data-testid="new-user">
      {t('users.new')}
    </ButtonLink>
  );
  return (
    <PageFrame title={title} action={add}>
      <UserFilters key={panel.key} {...panel.props} />
      <DataGrid
        id="users"
        caption={t('users.caption')}
        columns={columns}
        getRowId={(r) => r.userId}
        query={query}
        {...exporting}
        emptyMessage={t('users.empty')}
        sorting={{
          sort: { id: params.sort, desc: params.dir === 'desc' },
          onSort: (s) => go({ ...search, sort: s.id as UserSort, dir: s.desc ? 'desc' : 'asc', page: 1 }),
        }}
        paging={gridPaging(params, query, (p) => go({ ...search, ...p }))}
        rowProps={(r) => ({ 'data-testid': `user-row-${r.userName}` })}
        testId="users-grid"
      />
    </PageFrame>
  );
}
