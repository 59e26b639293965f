import type { QueryClient } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/admin.ts';
import { call } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { rememberPosition } from '../../lib/readYourWrites.ts';
import { loadPermissions } from '../session/index.ts';
import type { Changes } from './matrix.ts';

export const permissionMatrixQuery = endpointQuery(['admin', 'permissions'], C.getPermissions, () => ({}));

/**
 * Sends the changes one by one (each answers once it is in force), grants first so that nothing is ever held by
 * fewer roles than asked in between; then reads the matrix again, also after a failure (part may be saved).
 */
export async function saveChanges(queryClient: QueryClient, changes: Changes): Promise<void> {
  try {
    for (const body of changes.grants) rememberPosition((await call(C.grantPermissions, { body })).position);
    for (const body of changes.revokes) rememberPosition((await call(C.revokePermissions, { body })).position);
  } finally {
    await queryClient.invalidateQueries({ queryKey: permissionMatrixQuery.queryKey });
    // The signed-in user's own rights may have changed too (their menus and buttons).
    await queryClient.invalidateQueries({ queryKey: ['permissions'] });
    await loadPermissions(queryClient);
  }
}
