// The home's panels below the headline figures, one lazy chunk (see HomePage).
export { EmptyStoreGuide } from './EmptyStoreGuide.tsx';
export { ReportPanel } from './ReportPanel.tsx';
export { SupervisePanel } from './SupervisePanel.tsx';
export { LeasePanel } from './LeasePanel.tsx';
