import { decode } from '../commands/event-store/decode.ts';
import type { EventStore } from '../commands/event-store/port.ts';
import { loadSurvey } from '../commands/survey/handlers.ts';
import { type SurveyEvent, surveyEvents } from '../domain/survey/decide.ts';
import type { JobQueue } from './jobs/port.ts';
import { reactor } from './jobs/reactor.ts';
import type { Mailer } from './mail/mailer.ts';

type Recipient = { email: string; nameAr: string; nameEn: string } | null;
type Published = Extract<SurveyEvent, { type: 'SurveyPublished' }>['data'];

export const SURVEY_MAIL_JOB = 'mail.survey-published';

/**
 * A published survey mails each of its volunteers their own link (`/ar/survey?token=…`): one job per publication
 * (the event id is the job id), one mail per volunteer keyed by job and volunteer, so a retried job sends no mail
 * twice through the folder or an idempotent SMTP relay.
 */
export function surveyReactions(
  queue: JobQueue,
  store: EventStore,
  mailer: Mailer,
  lookup: (userId: string) => Promise<Recipient>,
  publicUrl: string,
) {
  queue.handle(SURVEY_MAIL_JOB, async (job) => {
    const p = job.payload as { surveyId: string; recipients: Published['recipients'] };
    // The title from the survey's own stream (consistent, and the same on a retry).
    const d = (await loadSurvey(store, p.surveyId)).definition;
    const title = { ar: d?.titleAr ?? '', en: d?.titleEn ?? '' };
    for (const r of p.recipients) {
      const who = await lookup(r.volunteerId);
      if (!who) continue; // an account without an e-mail: the in-app notification still reaches them
      const link = `${publicUrl}/ar/survey?token=${encodeURIComponent(r.token)}`;
      const text =
        `${who.nameAr}،\nندعوك للإجابة عن الاستبيان «${title.ar}»: ${link}\n\n` +
        `${who.nameEn},\nYou are invited to answer the survey “${title.en}”: ${link.replace('/ar/', '/en/')}\n`;
      await mailer.send(
        { to: who.email, subject: `استبيان: ${title.ar} / Survey: ${title.en}`, text },
        `${job.id}.${r.volunteerId}`,
      );
    }
  });

  return reactor('reactions-survey', ['SurveyPublished'], queue, (e) => {
    const ev = decode(surveyEvents, e);
    if (ev?.type !== 'SurveyPublished') return null;
    return {
      job: SURVEY_MAIL_JOB,
      payload: { surveyId: e.streamId.slice('survey-'.length), recipients: ev.data.recipients },
    };
  });
}
