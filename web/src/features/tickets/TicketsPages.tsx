import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { submitTicket } from '../../../../api/contracts/tickets.ts';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { DialogButton } from '../../components/DialogButton.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { urlFilters, withoutPagingDefaults } from '../../lib/search-params.ts';
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
  const canSubmit = useCan(submitTicket);
  const panel = urlFilters(search, go);
  const submit = canSubmit && <DialogButton label={t('tickets.new')} testId="new-ticket" dialog={NewTicketModal} />;
  return (
    <PageFrame title={title} action={submit}>
      <TicketFilters key={panel.key} {...panel.props} staff={false} />
      <TicketsGrid search={search} staff={false} onChange={go} />
    </PageFrame>
  );
}

/** /$lang/tickets/manage: staff's grid of every ticket their regions and cities allow. */
export function StaffTicketsPage() {
  const title = usePageTitle('page.ticketsAdmin');
  const search = staffRoute.useSearch();
  const go = useGo('/$lang/tickets/manage');
  const panel = urlFilters(search, go);
  return (
    <PageFrame title={title}>
      <TicketFilters key={panel.key} {...panel.props} staff />
      <TicketsGrid search={search} staff onChange={go} />
    </PageFrame>
  );
}
