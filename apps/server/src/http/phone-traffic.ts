/**
 * isPhoneTraffic says whether a URL (or route pattern) is the phones' own: Apple MDM under /mdm/ and the Android
 * agent under /agent/v1. Phones call them all day and never render what they get, so these routes are logged at
 * debug and carry no browser headers and no compression hook.
 */
export const isPhoneTraffic = (url: string) => url.startsWith('/mdm/') || url === '/agent/v1' || url.startsWith('/agent/v1/') || url.startsWith('/agent/v1?');
