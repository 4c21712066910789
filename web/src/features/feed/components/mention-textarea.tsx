// A textarea with '@' member and '#' skill suggestions from one character (spec 001 §2.4, §5): the
// word being typed after '@' or '#' is looked up, and choosing a suggestion writes the name in its
// place (a skill's spaces as '_', one tag). Arrow keys move through the list, Enter or Tab choose, Escape
// closes the list alone, never the dialog around it (data-popup-open, ui/dialog.tsx).
import clsx from 'clsx';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentProps, KeyboardEvent } from 'react';
import { Avatar } from '@/ui/avatar';
import { Textarea } from '@/ui/input';
import { useSuggestions } from '../api/suggestions-api';
import type { Suggestion } from '../api/suggestions-api';
import { tagText } from '../feed-constants';
import { triggerAt } from '../feed-rules';
import type { Trigger } from '../feed-rules';

export interface MentionTextareaProps extends Omit<ComponentProps<'textarea'>, 'value' | 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
}

export const MentionTextarea = ({ value, onValueChange, onKeyDown, className, ref: outerRef, ...rest }: MentionTextareaProps) => {
  const listId = useId();
  const inner = useRef<HTMLTextAreaElement | null>(null);
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  const [active, setActive] = useState(0);
  // Where the caret goes once a chosen suggestion is written: set before the DOM holds the new text.
  const caretAfter = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caretAfter.current === null || !inner.current) return;
    inner.current.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  }, [value]);
  // '#Rust_own' looks for 'Rust own': a tag's underscores are spaces.
  const query = (trigger?.kind === '#' ? trigger.query.replace(/_+/gu, ' ') : (trigger?.query ?? '')).trim();
  const suggestions = useSuggestions(trigger?.kind ?? null, query);
  const options = trigger ? (suggestions.data ?? []) : [];
  const open = options.length > 0;

  const look = (text: string, caret: number) => {
    setTrigger(triggerAt(text, caret));
    setActive(0);
  };

  const choose = (option: Suggestion) => {
    if (!trigger || !inner.current) return;
    const caret = inner.current.selectionStart ?? value.length;
    // A skill's spaces are written as '_', which a tag reads as a space: 'Rust ownership' is '#Rust_ownership'.
    const written = `${trigger.kind}${trigger.kind === '#' ? tagText(option.name) : option.name} `;
    const next = value.slice(0, trigger.start) + written + value.slice(caret);
    onValueChange(next);
    setTrigger(null);
    caretAfter.current = trigger.start + written.length;
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const option = options[active];
        if (option) choose(option);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setTrigger(null);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <Textarea
        {...rest}
        ref={(element) => {
          inner.current = element;
          if (typeof outerRef === 'function') outerRef(element);
          else if (outerRef) outerRef.current = element;
        }}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          look(event.target.value, event.target.selectionStart ?? event.target.value.length);
        }}
        onKeyDown={keyDown}
        onBlur={(event) => {
          // A click on a suggestion lands after the blur: let it through first.
          setTimeout(() => setTrigger(null), 150);
          rest.onBlur?.(event);
        }}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        data-popup-open={open || undefined}
        className={className}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={trigger?.kind === '#' ? 'Skill suggestions' : 'Member suggestions'}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-60 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          data-testid="suggestions"
        >
          {options.map((option, i) => (
            <li
              key={`${option.id}-${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              className={clsx('flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm', i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-700')}
            >
              {trigger?.kind === '@' ? <Avatar name={option.name} src={option.avatar} size="sm" alt="" /> : <span className="font-semibold text-emerald-700">#</span>}
              <span className="truncate">{option.name}</span>
              {option.detail && <span className="ml-auto text-xs text-slate-500">{option.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
