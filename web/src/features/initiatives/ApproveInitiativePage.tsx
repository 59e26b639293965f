import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { QueryState } from '../../components/QueryState.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { EventForm } from '../opportunities/index.ts';
import { approveInitiative, type InitiativeRow, initiativeQuery } from './api.ts';

const route = getRouteApi('/$lang/initiatives/$id/approve');

/** The draft event's form, started from the proposal: its name, description, place and point on the map. */
const initialOf = (i: InitiativeRow) => ({
  nameAr: i.name,
  nameEn: i.name,
  descriptionAr: `${i.description}\n\n${i.details}`,
  location: i.location,
  latitude: i.latitude === null ? '' : String(i.latitude),
  longitude: i.longitude === null ? '' : String(i.longitude),
});

/**
 * /$lang/initiatives/$id/approve: approving an initiative turns it into a draft event (pending the events' approval).
 * The approver completes what an event needs beyond the proposal (code, lead, dates, capacities) in the events form.
 */
export function ApproveInitiativePage() {
  const { t, title, lang } = useScreen('page.approveInitiative');
  const { id } = route.useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initiative = useQuery(initiativeQuery(id));
  const back = () => void navigate({ to: '/$lang/initiatives', params: { lang } });
  const i = initiative.data;
  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      {!i ? (
        <QueryState query={initiative} />
      ) : i.status !== 0 ? (
        <Alert color="yellow" role="status">
          {t('initiatives.alreadyDecided')}
        </Alert>
      ) : (
        <Stack gap="md">
          <Text>{t('initiatives.approveHelp', { code: i.code })}</Text>
          <EventForm
            initial={initialOf(i)}
            create={(details) => approveInitiative(queryClient, id, details)}
            onCreated={(eventId) => {
              notifyDone(t('initiatives.approved'));
              void navigate({ to: '/$lang/events/manage/$id', params: { lang, id: eventId } });
            }}
            onCancel={back}
          />
        </Stack>
      )}
    </Stack>
  );
}
