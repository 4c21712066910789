import { useEffect } from 'react';

export const useDocumentTitle = (title: string | null | undefined): void => {
  useEffect(() => {
    document.title = title ? `${title} · SkillSwap` : 'SkillSwap';
  }, [title]);
};
