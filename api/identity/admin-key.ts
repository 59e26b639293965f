import type { Account } from '../../domain/account/decide.ts';
import { Role } from '../../domain/shared/roles.ts';
import type { ApiDeps } from '../http/deps.ts';

/**
 * Spec (login result, section 4): "Success with single sign-on and a hashed key redirects to the admin site;
 * otherwise the user goes to the dashboard." A staff member (any role but volunteer) signed on through the national
 * provider gets a hashed key when the portal has a separate admin site (ADMIN_SITE_URL: this portal served at the
 * admin address, so its cookies are that site's): a one-time random key, of which only the SHA-256 is kept, which
 * GET <admin site>/api/sso/admin?Hashedkey=… redeems within 60 s for a session there. Without an admin site, or for
 * a volunteer, there is no key and the user goes to the dashboard.
 */
export async function adminSiteRedirect(deps: ApiDeps, account: Account, now: Date): Promise<string | null> {
  if (!deps.adminSiteUrl || account.roleId === Role.Volunteer) return null;
  const key = await deps.signOn.issueAdminKey(account.userId, now);
  const url = new URL('/api/sso/admin', deps.adminSiteUrl);
  url.searchParams.set('Hashedkey', key);
  return url.href;
}
