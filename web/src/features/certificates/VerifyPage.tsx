import { Alert, Anchor, Code, Container, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../app/api.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { publicKeyUrl, verificationQuery } from './api.ts';
import { bothCalendars, formatHours, nameIn } from './format.ts';

/** Public: what a certificate's QR code opens — the signed record, whether it stands, and how to check it offline. */
export function VerifyPage() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const { id } = useParams({ strict: false }) as { id: string };
  const query = useQuery(verificationQuery(id));
  if (query.error && errorCode(query.error) === 'NotFound')
    return (
      <Container size="md" py="md">
        <Title order={1} size="h2" mb="md">
          {t('verify.title')}
        </Title>
        <Alert color="red" data-testid="verify-not-found">
          {t('verify.notFound')}
        </Alert>
      </Container>
    );
  if (!query.data) return <QueryState query={query} />;
  const v = query.data;
  const r = v.record;
  const status = !v.signatureValid ? 'badSignature' : v.state;
  const rows: [string, string][] = [
    [t('verify.kind'), t(`certs.kind.${r.kind}`)],
    [t('verify.name'), nameIn(r.volunteer, lang)],
    ...(r.event
      ? ([
          [t('verify.event'), nameIn(r.event, lang)],
          [t('verify.dates'), `${bothCalendars(r.event.startDate, lang)} – ${bothCalendars(r.event.endDate, lang)}`],
        ] as [string, string][])
      : []),
    ...(r.year ? ([[t('verify.year'), String(r.year)]] as [string, string][]) : []),
    ...(r.eventType ? ([[t('verify.eventType'), nameIn(r.eventType, lang)]] as [string, string][]) : []),
    ...(r.hours !== null
      ? ([[t('verify.hours'), t('certs.hoursUnit', { hours: formatHours(r.hours, lang) })]] as [string, string][])
      : []),
    [t('verify.issuer'), nameIn(r.issuer, lang)],
    [t('verify.issuedAt'), bothCalendars(v.issuedAt, lang)],
    [t('verify.id'), v.certificateId],
  ];
  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('verify.title')}
        </Title>
        <Alert
          color={status === 'valid' ? 'green' : status === 'superseded' ? 'yellow' : 'red'}
          data-testid="verify-status"
          data-state={status}
        >
          {t(`verify.${status}`)}
        </Alert>
        <Paper withBorder p="md">
          <Table data-testid="verify-record">
            <Table.Tbody>
              {rows.map(([k, val]) => (
                <Table.Tr key={k}>
                  <Table.Th scope="row" w="30%">
                    {k}
                  </Table.Th>
                  <Table.Td>{val}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" mb="xs">
            {t('verify.offline')}
          </Text>
          <Text fw={700} size="sm">
            {t('verify.statement')}
          </Text>
          <Code block dir="ltr" tabIndex={0} aria-label={t('verify.statement')} data-testid="verify-statement">
            {v.statement}
          </Code>
          <Text fw={700} size="sm" mt="xs">
            {t('verify.signature')}
          </Text>
          <Code block dir="ltr" tabIndex={0} aria-label={t('verify.signature')} data-testid="verify-signature">
            {v.signature}
          </Code>
          <Anchor href={publicKeyUrl} size="sm">
            {t('verify.publicKey')} ({v.keyId})
          </Anchor>
        </Paper>
      </Stack>
    </Container>
  );
}
