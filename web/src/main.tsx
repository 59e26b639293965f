import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/App.tsx';
import { loadLanguage, textsFor } from './app/i18n/index.ts';
import { isLang, preferredLang, stripLang } from './app/language.ts';
import { connectApi, createAppRouter } from './app/router.tsx';

// Ask for the page language's texts at once, beside the session (the router's language route waits for them): the
// public part for the home page (a signed-in user is sent on to the dashboard, whose route asks for the rest).
const first = window.location.pathname.split('/')[1];
void loadLanguage(
  isLang(first) ? first : preferredLang(document.cookie),
  textsFor(stripLang(window.location.pathname), false),
).catch(() => undefined);

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
connectApi(router, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
