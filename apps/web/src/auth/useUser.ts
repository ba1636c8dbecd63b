import type { UserInfo } from '@lease/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { meQuery } from '../api/user.ts';

/** useUser is the signed-in clerk inside the console; the guard loaded it before the page rendered. */
export function useUser(): UserInfo {
  return useSuspenseQuery(meQuery).data;
}
