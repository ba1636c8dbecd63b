import { hasPermission, type Perm, type PermissionRequirement } from '@lease/shared';
import type { ReactNode } from 'react';
import { useUser } from './useUser.ts';

/** usePermission answers spec §6's check for the signed-in clerk; Admin passes everything. */
export function usePermission(requirement: PermissionRequirement | Perm): boolean {
  return hasPermission(useUser().permission, requirement);
}

/** Can renders its children only when the clerk holds the permission (the server refuses it anyway). */
interface CanProps {
  permission: PermissionRequirement | Perm;
  fallback?: ReactNode;
  children: ReactNode;
}

export function Can({ permission, fallback = null, children }: CanProps) {
  return usePermission(permission) ? children : fallback;
}
