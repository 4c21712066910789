// The read models the API says are catching up (a new version building beside the old tables: the
// SkillSwap-Catching-Up header, api/plugins/catching-up.ts), as the answers report them. An entry
// belongs to the URL that reported it last: the next answer to that URL either reports it again (with
// newer progress) or, without it, clears it. Loaded with the signed-in frame only.
import { create } from 'zustand';
import { parseCatchingUp, type CatchingUp } from '@contracts/catching-up';
import { listenToAnswers } from './http';

export interface ReportedCatchingUp extends CatchingUp {
  /** The request whose answer reported it last, asked again to follow the progress. */
  url: string;
}

interface CatchingUpState {
  byReadModel: Readonly<Record<string, ReportedCatchingUp>>;
  heard: (url: string, header: string | null) => void;
}

export const useCatchingUpStore = create<CatchingUpState>()((set) => ({
  byReadModel: {},
  heard: (url, header) =>
    set((state) => {
      const items = parseCatchingUp(header);
      const kept = Object.values(state.byReadModel).filter((entry) => entry.url !== url);
      // Most answers report nothing and cleared nothing: the state (and every subscriber) stays as it is.
      if (items.length === 0 && kept.length === Object.keys(state.byReadModel).length) return state;
      const byReadModel: Record<string, ReportedCatchingUp> = {};
      for (const entry of kept) byReadModel[entry.readModel] = entry;
      for (const item of items) byReadModel[item.readModel] = { ...item, url };
      return { byReadModel };
    }),
}));

listenToAnswers((url, header) => useCatchingUpStore.getState().heard(url, header));

/** The entries in a stable order (by read model), for the banner. */
export const catchingUpItems = (byReadModel: Readonly<Record<string, ReportedCatchingUp>>): ReportedCatchingUp[] =>
  Object.values(byReadModel).sort((a, b) => a.readModel.localeCompare(b.readModel));
