// The public surface of features/identity: other features import only what this file exports (architecture.test.ts).

export { pendingIdentityQuery, ssoLoginHref } from './api.ts';
export { SsoSignInButton } from './SsoSignInButton.tsx';
