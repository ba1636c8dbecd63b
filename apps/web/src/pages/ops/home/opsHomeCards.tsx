import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface OpsHomeCard {
  key: string;
  /** Cards are lazy: the home shows each as it arrives. */
  Card: LazyExoticComponent<ComponentType>;
  /** Grid columns out of 24 on a wide screen (a phone always gets the full width). */
  span?: number;
}

/**
 * OPS_HOME_CARDS is what the operator home shows, in order. A new figure (fleet health, push certificate
 * expiry, …) adds one line here with its own component.
 */
export const OPS_HOME_CARDS: OpsHomeCard[] = [
  { key: 'stores', Card: lazy(() => import('./StoresSummaryCard.tsx')), span: 24 },
  { key: 'fleet-health', Card: lazy(() => import('./FleetHealthCard.tsx')), span: 24 },
];
