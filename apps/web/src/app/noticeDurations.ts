/** Spec §9: notices stay 3 s, error notices 2 s. */
export const MESSAGE_DURATION_S = 3;
export const ERROR_TOAST_DURATION_S = 2;
