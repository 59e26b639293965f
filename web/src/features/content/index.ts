// The public surface of features/content: other features import only what this file exports (architecture.test.ts).

export { homeCountersQuery } from './api.ts';
export { LatestNews } from './LatestNews.tsx';
export { Slides } from './Slides.tsx';
