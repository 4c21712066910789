// One websocket per tab (DESIGN.md §7, document 002 §4/§9). The server pushes "this changed" notices
// and the client invalidates the matching TanStack Query keys, which replaces the spec's polling;
// polling stays only as a slow fallback while the socket is down (see useLiveFallbackInterval).
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { ChangedMessage } from '@contracts/live';
import { currentUserKey } from './current-user';
import { parseShownJson } from './shown-text';
import { invalidateChanges } from './stale-keys';
import type { StaleKeys } from './stale-keys';

/** Any other server message that names a post (new_comment, ai_status...) goes to that post's listeners. */
export type PostMessage = { postId: string; type: string } & Record<string, unknown>;
type PostListener = (message: PostMessage) => void;
/** A message every signed-in socket receives, such as `new_posts` (a post was created). */
export type LiveMessage = { type: string } & Record<string, unknown>;
type MessageListener = (message: LiveMessage) => void;

export const maxReconnectAttempts = 5;
/**
 * Changes announced within this many ms are applied as one: a write's notices come from several read models
 * a few ms apart (the session, then each member's points, stats, notifications), and one pass over their
 * stale keys asks for each query once rather than cancelling and re-asking it for every notice, which
 * queued the requests that matter behind the browser's six connections (issue 29 item 10).
 */
export const CHANGE_BATCH_MS = 25;
const notSignedInCode = 4401;
export const reconnectDelay = (attempt: number): number => Math.min(1_000 * 2 ** attempt, 10_000);

export const useLiveStatus = create<{ connected: boolean }>()(() => ({ connected: false }));

/** Poll at `ms` only while the socket is down; with the socket up, pushes keep the data fresh. */
export const useLiveFallbackInterval = (ms: number): number | false => {
  const connected = useLiveStatus((s) => s.connected);
  return connected ? false : ms;
};

const isChangedMessage = (value: unknown): value is ChangedMessage =>
  !!value && typeof value === 'object' && (value as { type?: unknown }).type === 'changed' && typeof (value as { scope?: unknown }).scope === 'string';

const isPostMessage = (value: unknown): value is PostMessage => !!value && typeof value === 'object' && typeof (value as { postId?: unknown }).postId === 'string';

export class LiveSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private everConnected = false;
  private readonly postListeners = new Map<string, Set<PostListener>>();
  private readonly typeListeners = new Map<string, Set<MessageListener>>();
  private changes: ChangedMessage[] = [];
  private changeTimer: ReturnType<typeof setTimeout> | null = null;

  /** `staleKeys` maps a change to the queries it makes stale; app/ builds it from the features' key factories. */
  constructor(
    private readonly queryClient: QueryClient,
    private readonly url: string,
    private readonly staleKeys: StaleKeys,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.close(1000, 'client stopped');
    this.socket = null;
    useLiveStatus.setState({ connected: false });
  }

  /** Listens to a post's live messages; the subscription survives reconnects. */
  subscribePost(postId: string, listener: PostListener): () => void {
    let listeners = this.postListeners.get(postId);
    if (!listeners) {
      listeners = new Set();
      this.postListeners.set(postId, listeners);
      this.send({ type: 'subscribe_post', postId });
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0 || this.postListeners.get(postId) !== listeners) return;
      this.postListeners.delete(postId);
      this.send({ type: 'unsubscribe_post', postId });
    };
  }

  /** Listens to the messages of one type that are not about a post's subscription (e.g. `new_posts`). */
  onMessage(type: string, listener: MessageListener): () => void {
    let listeners = this.typeListeners.get(type);
    if (!listeners) this.typeListeners.set(type, (listeners = new Set()));
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  /** Sends a client message (e.g. messaging's `typing`); dropped while the socket is down, like typing should be. */
  publish(message: { type: string } & Record<string, unknown>): void {
    this.send(message);
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.everConnected;
      this.everConnected = true;
      this.attempt = 0;
      useLiveStatus.setState({ connected: true });
      for (const postId of this.postListeners.keys()) this.send({ type: 'subscribe_post', postId });
      // Changes made while the socket was down were never announced, so everything on screen is suspect.
      if (reconnected) void this.queryClient.invalidateQueries();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      useLiveStatus.setState({ connected: false });
      // The server closes with 4401 when the session is gone: asking again cannot help, but the
      // current-user query should find out that the member is signed out.
      if (event.code === notSignedInCode) void this.queryClient.invalidateQueries({ queryKey: currentUserKey });
      if (this.stopped || event.code === 1000 || event.code === notSignedInCode || this.attempt >= maxReconnectAttempts) return;
      const delay = reconnectDelay(this.attempt);
      this.attempt += 1;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.stopped) this.connect();
      }, delay);
    };
  }

  private changed(message: ChangedMessage): void {
    this.changes.push(message);
    this.changeTimer ??= setTimeout(() => {
      const changes = this.changes;
      this.changes = [];
      this.changeTimer = null;
      void invalidateChanges(this.queryClient, this.staleKeys, changes);
    }, CHANGE_BATCH_MS);
  }

  private receive(data: unknown): void {
    let message: unknown;
    try {
      message = parseShownJson(String(data));
    } catch {
      return;
    }
    if (isChangedMessage(message)) this.changed(message);
    const type = (message as { type?: unknown } | null)?.type;
    if (typeof type === 'string') for (const listener of this.typeListeners.get(type) ?? []) listener(message as LiveMessage);
    if (isPostMessage(message)) {
      for (const listener of this.postListeners.get(message.postId) ?? []) listener(message);
    }
  }
}

let instance: LiveSocket | null = null;

export const liveSocketUrl = (): string => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/ws`;

/** The tab's single socket, created on first use. */
export const getLiveSocket = (queryClient: QueryClient, staleKeys: StaleKeys): LiveSocket => {
  instance ??= new LiveSocket(queryClient, liveSocketUrl(), staleKeys);
  return instance;
};
