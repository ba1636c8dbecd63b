import type { LostModalContent } from '@lease/shared';

export const EMPTY_LOST_MODAL: LostModalContent = { message: '', phone_number: '', footnote: '' };

/**
 * effectiveLostModalContent is the lock-screen text a clerk starts from: each field the clerk left empty
 * falls back to the store's default, so an admin's store-wide phone number shows until a clerk sets their own.
 */
export function effectiveLostModalContent(own: LostModalContent | null | undefined, storeDefault: LostModalContent | null | undefined): LostModalContent {
  const pick = (field: keyof LostModalContent) => own?.[field] || storeDefault?.[field] || '';
  return { message: pick('message'), phone_number: pick('phone_number'), footnote: pick('footnote') };
}
