// The feed's UI state (zustand; server data stays in TanStack Query): the filters, which dialog is
// open, the post being written, which posts show their comments, the highlighted comment and the posts'
// AI status.
import { create } from 'zustand';
import type { PostForm } from '@contracts/feed';
import type { FeedFilter, FeedSort } from './api/keys';
import type { AiStatus, MediaAttachment } from './feed-constants';

/** The composer's unsent post: closing the dialog (Escape, backdrop, X) keeps it for the next opening. */
export interface ComposerDraft {
  form: Partial<PostForm>;
  media: MediaAttachment[];
}

export interface PostAiStatus {
  status: AiStatus;
  /** The growing answer while thinking, the error's text on error. */
  message: string | null;
  /** When a live 'complete' clears (epoch ms): its 3 s run from the message, not from a card's mounting. */
  clearAt?: number;
}

interface FeedUiState {
  filter: FeedFilter;
  setUrgency: (urgency: string | null) => void;
  setCategory: (category: string | null) => void;
  setSort: (sort: FeedSort) => void;
  composerOpen: boolean;
  setComposerOpen: (open: boolean) => void;
  composerDraft: ComposerDraft | null;
  setComposerDraft: (draft: ComposerDraft | null) => void;
  /** The post whose edit dialog is open. */
  editing: string | null;
  setEditing: (postId: string | null) => void;
  /** Posts whose comments are shown. */
  expanded: Record<string, boolean>;
  setExpanded: (postId: string, open: boolean) => void;
  /** The comment (or `post:{id}`) a link points at, ringed for HIGHLIGHT_MS. */
  highlightedComment: string | null;
  setHighlightedComment: (commentId: string | null) => void;
  /** The comment a link looks for: its post's comments load more pages until it shows. */
  seeking: string | null;
  setSeeking: (commentId: string | null) => void;
  /** Per post: a live status, null once it cleared; absent until the socket says something. */
  aiStatus: Record<string, PostAiStatus | null | undefined>;
  setAiStatus: (postId: string, status: PostAiStatus | null) => void;
}

/** Spec 001 §4, §9: a comment link's highlight lasts 3 seconds. */
export const HIGHLIGHT_MS = 3_000;
let highlightTimer: ReturnType<typeof setTimeout> | undefined;

export const useFeedUi = create<FeedUiState>()((set) => ({
  filter: { urgency: null, category: null, sort: 'recent' },
  setUrgency: (urgency) => set((s) => ({ filter: { ...s.filter, urgency } })),
  setCategory: (category) => set((s) => ({ filter: { ...s.filter, category } })),
  setSort: (sort) => set((s) => ({ filter: { ...s.filter, sort } })),
  composerOpen: false,
  setComposerOpen: (composerOpen) => set({ composerOpen }),
  composerDraft: null,
  setComposerDraft: (composerDraft) => set({ composerDraft }),
  editing: null,
  setEditing: (editing) => set({ editing }),
  expanded: {},
  setExpanded: (postId, open) => set((s) => ({ expanded: { ...s.expanded, [postId]: open } })),
  highlightedComment: null,
  setHighlightedComment: (highlightedComment) => {
    clearTimeout(highlightTimer);
    set({ highlightedComment });
    if (highlightedComment) highlightTimer = setTimeout(() => set({ highlightedComment: null }), HIGHLIGHT_MS);
  },
  seeking: null,
  setSeeking: (seeking) => set({ seeking }),
  aiStatus: {},
  setAiStatus: (postId, status) => set((s) => ({ aiStatus: { ...s.aiStatus, [postId]: status } })),
}));
