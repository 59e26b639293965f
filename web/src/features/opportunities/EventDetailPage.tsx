import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayRequestJoin } from '../../../../domain/participation/decide.ts';
import type { ParticipationStatus } from '../../../../domain/participation/status.ts';
import { errorCode } from '../../app/api.ts';
import { AnchorLink, ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { fileUrl } from '../../app/upload.ts';
import { EventStatusBadge } from '../../components/badges.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { lookupName, lookupsQuery } from '../registration/index.ts';
import { type EventDetail, eventQuery } from './api.ts';
import { eventName, formatIsoDay, sortedDays, wholeImage } from './format.ts';
import { JoinButton, MY_PARTICIPATION_ID } from './JoinButton.tsx';
import { LazyEventLocationMap } from './map/lazy.tsx';
import { ShareLinks } from './ShareLinks.tsx';

const publicDetails = getRouteApi('/$lang/events/$id');
const privateDetails = getRouteApi('/$lang/events/private/$id');

/** Where the details page's back link goes: the public list, or the private one it was opened from. */
type BackTo = '/$lang/events' | '/$lang/events/private';

/** /$lang/events/$id: one event for visitors and volunteers; MOH asks visitors to sign in first. */
export function EventDetailPage() {
  const { id } = publicDetails.useParams();
  return <EventDetailScreen id={id} back="/$lang/events" />;
}

/** /$lang/events/private/$id (spec: private events info details): the same details, back to the private list. */
export function PrivateEventDetailPage() {
  const { id } = privateDetails.useParams();
  return <EventDetailScreen id={id} back="/$lang/events/private" />;
}

function EventDetailScreen({ id, back }: { id: string; back: BackTo }) {
  const { t, title, lang } = useScreen('page.eventDetail');
  const query = useQuery(eventQuery(id));
  if (!query.data) {
    const code = query.error ? errorCode(query.error) : null;
    if (code === 'YouMustLogIn') {
      // The page keeps its heading (a screen reader's and axe's page heading) above the sign-in prompt.
      return (
        <Stack mt="lg" maw={560} mx="auto">
          <Title order={1}>{title}</Title>
          <Alert color="brand" role="alert" title={t('event.loginPrompt')}>
            <ButtonLink
              to="/$lang/login"
              params={{ lang }}
              search={{
                redirect: `${back === '/$lang/events' ? '/events' : '/events/private'}/${id}`,
                reason: 'required',
              }}
              mt="sm"
              data-testid="event-login"
            >
              {t('event.goLogin')}
            </ButtonLink>
          </Alert>
        </Stack>
      );
    }
    return (
      <Stack mt="lg">
        <QueryState query={query} />
      </Stack>
    );
  }
  return <EventDetailView event={query.data} back={back} />;
}

export function EventDetailView({
  event,
  actions,
  embedded,
  back = '/$lang/events',
}: {
  event: EventDetail;
  actions?: ReactNode;
  /** The list the back link opens. */
  back?: BackTo;
  /** Inside the staff page: no heading of its own, no back link, no Join. */
  embedded?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const name = eventName(event, lang);
  const description = (lang === 'ar' ? event.descriptionAr : event.descriptionEn) || event.descriptionAr || '';
  const days = sortedDays(event.volunteeringDays);
  // The public page of the event, also when copied from the staff page.
  const url = typeof window === 'undefined' ? '' : `${window.location.origin}/${lang}/events/${event.id}`;
  const canJoin = event.status === 0 || event.status === 2;
  // Already asked, invited or taking part: the page says so instead of offering a second join (the domain's rule).
  const mine = (event.myStatus ?? null) as ParticipationStatus | null;
  const { main, gallery } = imagesOf(event);
  const lookups = useQuery(lookupsQuery).data;
  const named = (items: { id: number; nameAr: string; nameEn: string }[] | undefined, id: number | undefined) => {
    const item = id === undefined ? undefined : items?.find((i) => i.id === id);
    return item ? lookupName(item, lang) : undefined;
  };
  // The event's place and type (issue 11), named from the master data; old events have none.
  const place = [named(lookups?.regions, event.regionId), named(lookups?.cities, event.cityId)].filter(Boolean);
  const eventType = named(lookups?.eventTypes, event.eventTypeId);
  const facts: [string, ReactNode][] = [
    [
      t('event.dates'),
      t('events.dates', { start: formatIsoDay(event.startDate, lang), end: formatIsoDay(event.endDate, lang) }),
    ],
    [
      t('events.code'),
      <bdi key="c" dir="ltr">
        {event.code}
      </bdi>,
    ],
  ];
  if (event.attendanceType)
    facts.push([t('event.attendance'), t(`events.attendance.${event.attendanceType as 1 | 2 | 3}`)]);
  if (event.gender) facts.push([t('event.gender'), t(`events.gender.${event.gender as 1 | 2 | 3}`)]);
  if (event.timePeriod) facts.push([t('event.period'), t(`events.period.${event.timePeriod as 1 | 2 | 3}`)]);
  if (place.length) facts.push([t('events.filter.region'), place.join(lang === 'ar' ? '، ' : ', ')]);
  if (eventType) facts.push([t('events.filter.eventType'), eventType]);
  if (event.location) facts.push([t('event.location'), event.location]);
  if (event.leadName) facts.push([t('event.lead'), event.leadName]);

  return (
    <Stack mt="lg" gap="md">
      {!embedded && (
        <AnchorLink to={back} params={{ lang }} size="sm">
          {t(back === '/$lang/events' ? 'event.back' : 'event.backPrivate')}
        </AnchorLink>
      )}
      <Group justify="space-between" align="flex-start">
        <Title order={embedded ? 2 : 1} data-testid="event-title">
          {name}
        </Title>
        <EventStatusBadge status={event.status} size="lg" data-testid="event-status" />
      </Group>
      {main && <MainImage fileId={main} alt={t('event.mainImageAlt', { name })} />}
      <Group gap="sm">
        <Text fw={600} data-testid="joined-count" aria-live="polite">
          {t('event.joined', { n: event.joinedCount })}
        </Text>
        {event.maxContributions !== undefined && (
          <Text c="dimmed">{t('events.seats', { taken: event.joinedCount, max: event.maxContributions })}</Text>
        )}
      </Group>
      {!embedded && !mayRequestJoin(mine) && mine !== null && (
        <Alert
          color="blue"
          variant="light"
          role="status"
          id={MY_PARTICIPATION_ID}
          tabIndex={-1}
          data-testid="my-participation"
          data-status={mine}
        >
          <Group gap="sm" justify="space-between">
            <Text size="sm">
              {mine === 7
                ? t('event.alreadyAsked')
                : t('event.myStatus', { status: t(`participation.status.${mine}`) })}
            </Text>
            <AnchorLink to="/$lang/my-events" params={{ lang }} size="sm" fw={600}>
              {t('join.openMyEvents')}
            </AnchorLink>
          </Group>
        </Alert>
      )}
      <Group gap="sm">
        {canJoin && !embedded && <JoinButton id={event.id} name={name} showButton={mayRequestJoin(mine)} />}
        {actions}
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} aria-live="polite">
              {copied ? t('event.copied') : t('event.copyLink')}
            </Button>
          )}
        </CopyButton>
        {typeof navigator !== 'undefined' && 'share' in navigator ? (
          <Button variant="default" onClick={() => void navigator.share({ title: name, url }).catch(() => {})}>
            {t('event.share')}
          </Button>
        ) : (
          <ShareLinks name={name} url={url} />
        )}
      </Group>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" spacing="xs" m={0}>
          {facts.map(([k, v]) => (
            <div key={k}>
              <Text component="dt" fw={600} size="sm">
                {k}
              </Text>
              <Text component="dd" m={0}>
                {v}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      {event.latitude !== undefined && event.longitude !== undefined && event.attendanceType !== 3 && (
        <section aria-labelledby="event-map-title">
          <Title order={2} size="h3" id="event-map-title" mb="xs">
            {t('event.map.title')}
          </Title>
          <LazyEventLocationMap latitude={event.latitude} longitude={event.longitude} name={name} />
        </section>
      )}
      {description && (
        <section aria-labelledby="event-description">
          <Title order={2} size="h3" id="event-description" mb="xs">
            {t('event.description')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{description}</Text>
        </section>
      )}
      <ListSection
        id="event-days"
        title={t('event.days')}
        items={days.map((d) => t(`events.day.${d as 0}`))}
        testId="event-days"
      />
      <ListSection
        id="event-skills"
        title={t('event.skills')}
        items={event.conditionSkills ?? []}
        testId="event-skills"
      />
      <ListSection
        id="event-responsibilities"
        title={t('event.responsibilities')}
        items={event.responsibilities ?? []}
        testId="event-responsibilities"
      />
      <Gallery fileIds={gallery} name={name} />
    </Stack>
  );
}

/** The event's images as the details answer carries them (kept loosely by the schema). */
function imagesOf(event: EventDetail): { main: string | null; gallery: string[] } {
  const main = typeof event.mainImageFileId === 'string' && event.mainImageFileId ? event.mainImageFileId : null;
  const gallery = Array.isArray(event.galleryFileIds)
    ? event.galleryFileIds.filter((x): x is string => typeof x === 'string' && x !== '')
    : [];
  return { main, gallery };
}

// A reader who may see the event but not its images (a private event's, for instance) gets 404s: those pictures
// are left out instead of showing as broken.

function MainImage({ fileId, alt }: { fileId: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Image
      src={fileUrl(fileId)}
      alt={alt}
      mah={360}
      {...wholeImage}
      radius="md"
      onError={() => setFailed(true)}
      data-testid="event-main-image"
    />
  );
}

function Gallery({ fileIds, name }: { fileIds: string[]; name: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string[]>([]);
  const shown = fileIds.filter((id) => !failed.includes(id));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="event-gallery">
      <Title order={2} size="h3" id="event-gallery" mb="xs">
        {t('event.gallery')}
      </Title>
      <Group component="ul" gap="sm" className="plain-list" data-testid="event-gallery">
        {fileIds.map((id, i) =>
          failed.includes(id) ? null : (
            <li key={id}>
              <Anchor href={fileUrl(id)} target="_blank" rel="noopener" display="block">
                <Image
                  src={fileUrl(id)}
                  alt={t('event.galleryAlt', { n: i + 1, total: fileIds.length, name })}
                  w={160}
                  h={120}
                  fit="cover"
                  radius="sm"
                  onError={() => setFailed((old) => [...old, id])}
                />
              </Anchor>
            </li>
          ),
        )}
      </Group>
    </section>
  );
}

function ListSection({ id, title, items, testId }: { id: string; title: string; items: string[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="xs">
        {title}
      </Title>
      <List data-testid={testId} withPadding>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that may repeat values
          <List.Item key={i}>{item}</List.Item>
        ))}
      </List>
    </section>
  );
}
