/** Moved down to domain/ so the MDM engines can use it without reaching up into modules/. */
export * from '../../domain/device-events.ts';
