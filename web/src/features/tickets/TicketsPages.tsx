import { Button, Stack, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { submitTicket } from '../../../../api/contracts/tickets.ts';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { pagedFilterActions, searchFilters, withoutPagingDefaults } from '../../lib/search-params.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { NewTicketModal } from './NewTicketModal.tsx';
import type { TicketsSearch } from './search.ts';
import { TicketFilters, TicketsGrid } from './TicketsGrid.tsx';

const mineRoute = getRouteApi('/$lang/tickets');
const staffRoute = getRouteApi('/$lang/tickets/manage');

function useGo(to: '/$lang/tickets' | '/$lang/tickets/manage') {
  const navigate = useNavigate();
  const lang = useLanguageStore((s) => s.lang);
  return (next: TicketsSearch) => void navigate({ to, params: { lang }, search: withoutPagingDefaults(next) });
}

/** /$lang/tickets: the volunteer's own tickets, suggestions and contact requests, and a new one. */
export function MyTicketsPage() {
  const { t, title } = useScreen('page.myTickets');
  const search = mineRoute.useSearch();
  const go = useGo('/$lang/tickets');
  const [adding, setAdding] = useState(false);
  const canSubmit = useCan(submitTicket);
  const filters = searchFilters(search);
  return (
    <Stack mt="lg" gap="md">
      <PageHead title={title}>
        {canSubmit && (
          <Button onClick={() => setAdding(true)} data-testid="new-ticket">
            {t('tickets.new')}
          </Button>
        )}
      </PageHead>
      <TicketFilters
        key={JSON.stringify(filters)}
        initial={filters}
        staff={false}
        {...pagedFilterActions(search, go)}
      />
      <TicketsGrid search={search} staff={false} onChange={go} />
      <NewTicketModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

/** /$lang/tickets/manage: staff's grid of every ticket their regions and cities allow. */
export function StaffTicketsPage() {
  const title = usePageTitle('page.ticketsAdmin');
  const search = staffRoute.useSearch();
  const go = useGo('/$lang/tickets/manage');
  const filters = searchFilters(search);
  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <TicketFilters key={JSON.stringify(filters)} initial={filters} staff {...pagedFilterActions(search, go)} />
      <TicketsGrid search={search} staff onChange={go} />
    </Stack>
  );
}
