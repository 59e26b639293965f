import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../app/api.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { surveyOfToken } from './api.ts';

/** The mail's link (`/survey?token=`): the survey it names, when the link is the signed-in volunteer's. */
export function SurveyLinkPage() {
  const { token = '' } = useSearch({ from: '/$lang/survey' });
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const query = useQuery({ queryKey: ['survey-link', token], queryFn: () => surveyOfToken(token), retry: false });
  if (query.data) return <Navigate to="/$lang/my-surveys/$id" params={{ lang, id: query.data.id }} replace />;
  if (query.error && errorCode(query.error) === 'CannotParticipate')
    return (
      <Alert color="orange.9" role="alert">
        {t('CannotParticipate')}
      </Alert>
    );
  return <QueryState query={query} />;
}
