import { DataList, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarDate, RegistrationForm } from '../../../../domain/registration/form.ts';
import { idTypeFor, isIsoDate } from '../../../../domain/registration/rules.ts';
import type { ClientConfig } from '../../../../domain/shared/clients.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { type Lookup, type Lookups, lookupSnapshot } from './api.ts';
import { formatCalendarDate, formatGregorian, hijriOf } from './dates.ts';
import { lookupName } from './fields.tsx';
import { type ListName, labelKeyOf, type Row } from './formState.ts';

type Value = ReactNode | null | undefined;

/**
 * The registration read-only, section by section, in the page's language. `fileLink` renders an attachment (staff
 * get a download link); without it an attachment reads "a file is attached".
 */
export function RegistrationSummary({
  form,
  client,
  lookups,
  fileLink,
}: {
  form: RegistrationForm;
  client: ClientConfig;
  lookups: Lookups;
  fileLink?: (fileId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const full = client.registrationVariant === 'full';
  const separator = lang === 'ar' ? '، ' : ', ';
  const p = form.personal ?? {};
  const id = form.identity ?? {};
  const a = form.address ?? {};
  const m = form.medical ?? {};
  const s = form.specialities ?? {};
  /** One of the form's lists as a table: its fields' columns, a row's cells. */
  const rowsOf = <L extends ListName>(list: L, fields: (keyof Row<L> & string)[], cells: (row: Row<L>) => Value[]) => (
    <Rows
      titleKey={`reg.section.${list}`}
      columns={fields.map((f) => `${list}.${f}`)}
      rows={((form[list] ?? []) as Row<L>[]).map(cells)}
    />
  );
  const u = form.user ?? {};
  const pr = form.practitioner ?? {};

  const name = (items: readonly Lookup[], value: number | undefined) => {
    const item = value === undefined ? undefined : items.find((i) => i.id === value);
    return item ? lookupName(item, lang) : value === undefined ? null : String(value);
  };
  const names = (items: readonly Lookup[], values: readonly number[] | undefined) =>
    values?.length ? values.map((v) => name(items, v)).join(separator) : null;
  const yesNo = (v: boolean | undefined) => (v === undefined ? null : v ? t('reg.yes') : t('reg.no'));
  const day = (iso: string | undefined) =>
    iso && isIsoDate(iso) ? (
      <>
        {formatGregorian(iso, lang)}
        <Text span size="sm" c="dimmed">
          {' '}
          ({hijriOf(iso, lang, t)})
        </Text>
      </>
    ) : null;
  const calendarDay = (d: CalendarDate | undefined) => {
    if (!d) return null;
    const shown = formatCalendarDate(d, lang, t);
    return (
      <>
        {shown.main}
        {shown.equivalent && (
          <Text span size="sm" c="dimmed">
            {' '}
            ({shown.equivalent})
          </Text>
        )}
      </>
    );
  };
  const ltr = (v: string | undefined) => (v ? <bdi dir="ltr">{v}</bdi> : null);
  const file = (fileId: string | undefined) => (fileId ? (fileLink ? fileLink(fileId) : t('reg.file.attached')) : null);

  const withTimes = full && client.code === 'MOH';

  return (
    <Stack gap="md">
      <Block titleKey="reg.section.personal">
        <Item path="personal.title" value={p.title ? t(`reg.title.${p.title}`) : null} />
        <Item path="personal.firstNameAr" value={p.firstNameAr} />
        {full && <Item path="personal.secondNameAr" value={p.secondNameAr} />}
        {full && <Item path="personal.thirdNameAr" value={p.thirdNameAr} />}
        <Item path="personal.lastNameAr" value={p.lastNameAr} />
        {full && <Item path="personal.firstNameEn" value={ltr(p.firstNameEn)} />}
        {full && <Item path="personal.secondNameEn" value={ltr(p.secondNameEn)} />}
        {full && <Item path="personal.thirdNameEn" value={ltr(p.thirdNameEn)} />}
        {full && <Item path="personal.lastNameEn" value={ltr(p.lastNameEn)} />}
        <Item path="personal.gender" value={p.gender ? t(`reg.gender.${p.gender}`) : null} />
        {full && (
          <Item path="personal.maritalStatus" value={p.maritalStatus ? t(`reg.marital.${p.maritalStatus}`) : null} />
        )}
        <Item path="personal.birthDate" value={calendarDay(p.birthDate)} />
        <Item path="personal.jobRoleType" value={p.jobRoleType ? t(`reg.jobRole.${p.jobRoleType as 1}`) : null} />
        {p.universityYear !== undefined && (
          <Item path="personal.universityYear" value={t('reg.universityYearN', { n: p.universityYear })} />
        )}
        {p.childrenCount !== undefined && <Item path="personal.childrenCount" value={String(p.childrenCount)} />}
        <Item path="personal.isSpecialNeeds" value={yesNo(p.isSpecialNeeds)} />
        {p.isSpecialNeeds && <Item path="personal.specialNeedsDetails" value={p.specialNeedsDetails} />}
      </Block>

      {withTimes && (
        <Block titleKey="reg.section.volunteeringTimes">
          <Item path="personal.preferredTime" value={p.preferredTime ? t(`reg.time.${p.preferredTime}`) : null} />
          <Item
            path="personal.preferredDays"
            value={p.preferredDays?.length ? p.preferredDays.map((d) => t(`reg.day.${d as 1}`)).join(separator) : null}
          />
        </Block>
      )}

      <Block titleKey="reg.section.identity">
        <Item path="identity.nationalityId" value={name(lookups.nationalities, id.nationalityId)} />
        <Item
          path="identity.idType"
          value={
            id.nationalityId === undefined
              ? null
              : t(`reg.idType.${idTypeFor(id.nationalityId, lookupSnapshot(lookups))}`)
          }
        />
        <Item path="identity.idNumber" value={ltr(id.idNumber)} />
        {full && <Item path="identity.idExpiryDate" value={calendarDay(id.idExpiryDate)} />}
        <Item path="identity.passportNo" value={ltr(id.passportNo)} />
        <Item path="identity.passportExpDate" value={day(id.passportExpDate)} />
        <Item path="identity.passportIssueCountryId" value={name(lookups.countries, id.passportIssueCountryId)} />
        <Item path="photoFileId" value={file(form.photoFileId)} />
        <Item path="idFileId" value={file(form.idFileId)} />
      </Block>

      <Block titleKey="reg.section.address">
        <Item path="address.regionId" value={name(lookups.regions, a.regionId)} />
        <Item path="address.cityId" value={name(lookups.cities, a.cityId)} />
        <Item path="address.district" value={a.district} />
        <Item path="address.street" value={a.street} />
        <Item path="address.buildingNo" value={ltr(a.buildingNo)} />
        <Item path="address.postalCode" value={ltr(a.postalCode)} />
        <Item path="address.extraNumber" value={ltr(a.extraNumber)} />
      </Block>

      <Block titleKey="reg.section.medical">
        <Item path="medical.bloodGroup" value={ltr(m.bloodGroup)} />
        <Item path="medical.geneticDiseasesExist" value={yesNo(m.geneticDiseasesExist)} />
        {m.geneticDiseasesExist && <Item path="medical.geneticDiseases" value={m.geneticDiseases} />}
        {client.covidContactField && (
          <Item
            path="medical.contactedCovidStatus"
            value={name(lookups.covidContactStatuses, m.contactedCovidStatus)}
          />
        )}
      </Block>

      <Block titleKey="reg.section.specialities">
        <Item path="specialities.professionId" value={name(lookups.professions, s.professionId)} />
        {full && <Item path="specialities.categoryId" value={name(lookups.categories, s.categoryId)} />}
        <Item
          path="specialities.subCategoryLevel1Id"
          value={name(lookups.subCategoriesLevel1, s.subCategoryLevel1Id)}
        />
        <Item
          path="specialities.subCategoryLevel2Id"
          value={name(lookups.subCategoriesLevel2, s.subCategoryLevel2Id)}
        />
        <Item path="specialities.experienceLevelId" value={name(lookups.experienceLevels, s.experienceLevelId)} />
        <Item path="specialities.preferredWorkFields" value={names(lookups.workFields, s.preferredWorkFields)} />
        <Item path="specialities.preferredWorkCities" value={names(lookups.cities, s.preferredWorkCities)} />
        {lookups.skills && <Item path="skills" value={names(lookups.skills, form.skills)} />}
      </Block>

      {(pr.cfhsNumber || pr.fileId) && (
        <Block titleKey="reg.section.practitioner">
          <Item path="practitioner.cfhsNumber" value={ltr(pr.cfhsNumber)} />
          <Item
            path="practitioner.cfhsStatusId"
            value={pr.cfhsStatusId ? t(`reg.cfhsStatus.${pr.cfhsStatusId as 1}`) : null}
          />
          <Item path="practitioner.cfhsIssueDate" value={day(pr.cfhsIssueDate)} />
          <Item path="practitioner.cfhsExpiryDate" value={day(pr.cfhsExpiryDate)} />
          <Item path="practitioner.fileId" value={file(pr.fileId)} />
        </Block>
      )}

      {rowsOf('emergencyContacts', ['relationId', 'name', 'mobile'], (c) => [
        name(lookups.contactRelations, c.relationId),
        c.name,
        ltr(c.mobile),
      ])}
      {rowsOf('graduationCertificates', ['certificateFieldId', 'issueDate', 'fileId'], (g) => [
        name(lookups.certificateFields, g.certificateFieldId),
        day(g.issueDate),
        file(g.fileId),
      ])}
      {rowsOf('expertises', ['title', 'isCurrentJob', 'letterFileId'], (x) => [
        x.title,
        yesNo(x.isCurrentJob),
        file(x.letterFileId),
      ])}
      {rowsOf('trainings', ['name', 'startDate', 'endDate', 'fileId'], (x) => [
        x.name,
        day(x.startDate),
        day(x.endDate),
        file(x.fileId),
      ])}
      {rowsOf('volunteerCertificates', ['name', 'fileId'], (x) => [x.name, file(x.fileId)])}
      {rowsOf('languages', ['languageId', 'proficiency'], (x) => [
        name(lookups.languages, x.languageId),
        name(lookups.proficiencyLevels, x.proficiency),
      ])}
      {rowsOf('volunteerWorks', ['description', 'fileId'], (x) => [x.description, file(x.fileId)])}
      {rowsOf('otherAttachments', ['name', 'description', 'fileId'], (x) => [x.name, x.description, file(x.fileId)])}

      {client.employeeFields && (
        <Block titleKey="reg.section.employee">
          <Item path="employee.isEmployee" value={yesNo(form.employee?.isEmployee)} />
          {form.employee?.isEmployee && <Item path="employee.employeeCode" value={ltr(form.employee.employeeCode)} />}
        </Block>
      )}

      <Block titleKey="reg.section.user">
        <Item path="user.userName" value={ltr(u.userName)} />
        <Item path="user.email" value={ltr(u.email)} />
        <Item path="user.mobile" value={ltr(u.mobile)} />
      </Block>
    </Stack>
  );
}

/** A framed section of the summary under its heading. */
function Section({ titleKey, children }: { titleKey: TranslationKey; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section">
      <Title order={3} size="h4" mb="sm">
        {t(titleKey)}
      </Title>
      {children}
    </Paper>
  );
}

function Block({ titleKey, children }: { titleKey: TranslationKey; children: ReactNode }) {
  return (
    <Section titleKey={titleKey}>
      <DataList labelWidth="12rem" gap={6} className="reg-datalist">
        {children}
      </DataList>
    </Section>
  );
}

function Item({ path, value }: { path: string; value: Value }) {
  const { t } = useTranslation();
  const key = labelKeyOf(path);
  const empty = value === null || value === undefined || value === '';
  return (
    <DataList.Item>
      <DataList.ItemLabel>{key ? t(key) : path}</DataList.ItemLabel>
      <DataList.ItemValue c={empty ? 'dimmed' : undefined}>{empty ? t('reg.notProvided') : value}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Rows({ titleKey, columns, rows }: { titleKey: TranslationKey; columns: string[]; rows: Value[][] }) {
  const { t } = useTranslation();
  return (
    <Section titleKey={titleKey}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('reg.list.empty')}
        </Text>
      ) : (
        // Keyboard users can scroll a table wider than a phone screen (axe: scrollable-region-focusable).
        <ScrollTable
          label={t(titleKey)}
          minWidth={480}
          headers={columns.map((c) => {
            const key = labelKeyOf(c);
            return { key: c, label: key ? t(key) : c };
          })}
        >
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows without ids, never reordered
            <Table.Tr key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                <Table.Td key={j}>{cell ?? t('reg.notProvided')}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </Section>
  );
}
