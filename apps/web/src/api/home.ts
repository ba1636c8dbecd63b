import type { DeviceOverview, HomeClerkItem, ReportOverview, SuperviseOverview } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './index.ts';

/** The server keeps each figure for 30 s; asking more often would only return the same answer. */
const FRESH_MS = 30_000;

export const homeKeys = { all: ['home'] as const };

export const deviceOverviewQuery = queryOptions({
  queryKey: ['home', 'device-overview'],
  queryFn: () => api.get<DeviceOverview>('/api/home/device-overview'),
  staleTime: FRESH_MS,
});

export const superviseOverviewQuery = queryOptions({
  queryKey: ['home', 'supervise-overview'],
  queryFn: () => api.get<SuperviseOverview>('/api/home/supervise-overview'),
  staleTime: FRESH_MS,
});

export const reportOverviewQuery = queryOptions({
  queryKey: ['home', 'report-overview'],
  queryFn: () => api.get<ReportOverview>('/api/home/report-overview'),
  staleTime: FRESH_MS,
});

export const homeClerksQuery = queryOptions({
  queryKey: ['home', 'clerks'],
  queryFn: () => api.get<HomeClerkItem[]>('/api/home/clerks'),
  staleTime: FRESH_MS,
});

/** homeQueries are the four figures the home reads: the page asks for them, and its route prefetches them. */
export const homeQueries = [deviceOverviewQuery, superviseOverviewQuery, reportOverviewQuery, homeClerksQuery] as const;
