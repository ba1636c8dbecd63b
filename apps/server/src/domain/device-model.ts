import { appleModelName } from '@lease/shared';

/**
 * deviceModelLabel is how the open API and webhooks name a phone's model: Apple's marketing name of the
 * hardware identifier (iPhone15,2 → iPhone 14 Pro), or the Android brand and model.
 */
export const deviceModelLabel = (platform: 'ios' | 'android', model: string, makerOrBrand: string) =>
  platform === 'ios' ? (model ? appleModelName(model) : makerOrBrand) : [makerOrBrand, model].filter(Boolean).join(' ');
