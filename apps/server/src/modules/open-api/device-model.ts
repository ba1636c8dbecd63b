/** Moved down to domain/ with the webhook events that name models. */
export * from '../../domain/device-model.ts';
