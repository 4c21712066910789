// What the telemetry store takes and gives: observations (page views, heat-map points, error
// occurrences, metrics samples) that never enter the event log (docs/telemetry.md). The admin and
// error-monitoring issues read and add to it through this interface; the composition root makes one.

export type PageViewKind = 'view' | 'navigation';
export type InteractionAction = 'click' | 'hover' | 'scroll' | 'focus';
export type ErrorSource = 'client' | 'server' | 'follower' | 'ai';
export type ErrorSeverity = 'critical' | 'high' | 'medium' | 'low';

/** A page view, or a navigation from `fromPath` to `path` (spec 002 §7). */
export interface PageViewPoint {
  occurredAt: Date;
  kind: PageViewKind;
  path: string;
  fromPath: string | null;
  /** The signed-in member, or null for an anonymous visitor. */
  memberId: string | null;
  /** The browser tab's random id, so one visit's views can be told apart without signing in. */
  visitorId: string | null;
  viewportWidth: number | null;
  viewportHeight: number | null;
}

/**
 * A heat-map point: x is a fraction of the viewport's width (0..1) and y in document pixels, so points
 * line up at any width within a viewport band; `fixed` marks a target in a fixed-position element,
 * whose document y means nothing.
 */
export interface InteractionPoint {
  occurredAt: Date;
  path: string;
  action: InteractionAction;
  x: number;
  y: number;
  viewportWidth: number;
  viewportHeight: number;
  fixed: boolean;
  memberId: string | null;
  visitorId: string | null;
}

/** One occurrence of an error; the recorder computes the group's fingerprint (DESIGN.md §12). */
export interface ErrorOccurrence {
  occurredAt: Date;
  source: ErrorSource;
  fingerprint: string;
  errorType: string;
  severity: ErrorSeverity;
  message: string;
  stack: string | null;
  requestMethod: string | null;
  requestPath: string | null;
  memberId: string | null;
  appVersion: string | null;
}

/**
 * A member signed in (api/routes/auth.ts): observed by the server, not decided by anyone, so telemetry
 * beside the page views rather than an event (docs/telemetry.md). `path` is the page the sign-in lands on.
 */
export interface SignInPoint {
  occurredAt: Date;
  memberId: string;
  path: string;
}

export interface MetricSample {
  occurredAt: Date;
  name: string;
  value: number;
  unit: string;
  tags: Record<string, string>;
}

/** Written whole or not at all, with its rollups, in one statement. */
export interface TelemetryBatch {
  pageViews?: readonly PageViewPoint[];
  interactions?: readonly InteractionPoint[];
  errors?: readonly ErrorOccurrence[];
  metrics?: readonly MetricSample[];
  signIns?: readonly SignInPoint[];
}

/** The one notice a batch sends (channel TELEMETRY_CHANNEL): how many rows of each kind it stored. */
export interface TelemetryNotice {
  pageViews: number;
  interactions: number;
  errors: number;
  metrics: number;
  signIns: number;
}

export interface CleanupResult {
  /** Raw rows deleted, all tables together. */
  rawRows: number;
  /** Hourly rollup rows deleted (kept far longer than raw rows). */
  rollupRows: number;
}

/** The telemetry part of the operations object (composed in api/main.ts). */
export interface Telemetry {
  /** Applies the telemetry migrations and starts the retention timer. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stores the batch and its rollups in one statement and sends one notice; null for an empty batch. */
  record(batch: TelemetryBatch): Promise<TelemetryNotice | null>;
  /** Deletes raw rows past the retention (and hourly rollups past theirs) in bounded steps. */
  cleanup(): Promise<CleanupResult>;
  /** Hears every batch's notice, this process's and others'. Returns the stop. */
  onBatch(listener: (notice: TelemetryNotice) => void): Promise<() => Promise<void>>;
}
