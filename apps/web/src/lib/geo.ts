/** A point in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

// Krasovsky 1940 ellipsoid, the parameters of the published GCJ-02 transform.
const A = 6378245.0;
const EE = 0.006_693_421_622_965_943;

/** isOutsideChina is the rough bounding box outside which GCJ-02 equals WGS-84. */
export const isOutsideChina = ({ lat, lng }: LatLng) => lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;

function offsetLat(x: number, y: number): number {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return r;
}

function offsetLng(x: number, y: number): number {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return r;
}

/**
 * wgs84ToGcj02 converts a GPS (WGS-84) point, as the phone reports it, to the GCJ-02 datum that AMap and
 * other Chinese maps draw in. Points outside China are returned unchanged, as the datum defines.
 */
export function wgs84ToGcj02(point: LatLng): LatLng {
  if (isOutsideChina(point)) return { ...point };
  const { lat, lng } = point;
  const radLat = (lat / 180) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (offsetLat(lng - 105, lat - 35) * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLng = (offsetLng(lng - 105, lat - 35) * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lat: lat + dLat, lng: lng + dLng };
}

/** amapMarkerUrl opens AMap's web page with a marker at a GCJ-02 point. */
export const amapMarkerUrl = ({ lat, lng }: LatLng) => `https://uri.amap.com/marker?position=${lng.toFixed(6)},${lat.toFixed(6)}`;
