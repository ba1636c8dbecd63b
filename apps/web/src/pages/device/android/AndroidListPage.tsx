import { RouteTabs } from '../../../components/RouteTabs.tsx';

/** AndroidListPage holds the Android list and the archive as two tabs (spec §2 children). */
export default function AndroidListPage() {
  return <RouteTabs parent="console-device-android-list" />;
}
