import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { loadAmap, type AmapLngLat, type AmapMap } from '../../../../../lib/amapLoader.ts';
import { wgs84ToGcj02 } from '../../../../../lib/geo.ts';

interface LocationMapProps {
  amapKey: string;
  securityCode?: string | null;
  /** WGS-84, as the phone reports it. */
  lat: number;
  lng: number;
  /** Metres; drawn as a circle around the marker. */
  accuracy?: number | null;
}

/**
 * LocationMap draws the phone's position on AMap. AMap draws in GCJ-02, so the reported WGS-84 point is
 * converted first; drawing it unconverted would put the marker a few hundred metres off inside China.
 * A map that cannot load only shows an alert: the coordinates around it stay the source of truth.
 */
export function LocationMap({ amapKey, securityCode, lat, lng, accuracy }: LocationMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const inputs = `${amapKey}|${lat}|${lng}|${accuracy}`;
  // Failure is remembered per point, so a newer location gets a fresh attempt.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const failed = failedFor === inputs;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: AmapMap | null = null;
    let active = true;
    loadAmap(amapKey, securityCode)
      .then((AMap) => {
        if (!active) return;
        const gcj = wgs84ToGcj02({ lat, lng });
        const center: AmapLngLat = [gcj.lng, gcj.lat];
        map = new AMap.Map(element, { zoom: 16, center });
        map.add(new AMap.Marker({ position: center }));
        if (accuracy) {
          map.add(new AMap.Circle({ center, radius: accuracy, strokeColor: '#1677ff', strokeWeight: 1, fillColor: '#1677ff', fillOpacity: 0.15 }));
        }
      })
      .catch(() => {
        map?.destroy();
        map = null;
        if (active) setFailedFor(inputs);
      });
    return () => {
      active = false;
      map?.destroy();
    };
  }, [amapKey, securityCode, lat, lng, accuracy, inputs]);

  if (failed) return <Alert type="warning" showIcon title="地图加载失败，已显示坐标" />;
  return <section ref={container} aria-label="设备位置地图" style={{ height: 280, borderRadius: 8, overflow: 'hidden' }} />;
}
