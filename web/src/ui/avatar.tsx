import * as AvatarPrimitive from '@radix-ui/react-avatar';
import clsx from 'clsx';
import { initials } from './initials';

const sizes = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm', lg: 'h-16 w-16 text-xl', xl: 'h-24 w-24 text-3xl' } as const;

// A stable colour per name so the same member looks the same everywhere without a picture.
const palette = [
  'bg-brand-100 text-brand-700',
  'bg-emerald-100 text-emerald-700',
  'bg-amber-100 text-amber-800',
  'bg-sky-100 text-sky-700',
  'bg-rose-100 text-rose-700',
  'bg-violet-100 text-violet-700',
];

const colourFor = (name: string): string => {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length] ?? palette[0]!;
};

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
  /** The picture's text alternative; '' inside a control that names the member in its own text. */
  alt?: string;
}

export const Avatar = ({ name, src, size = 'md', className, alt = name }: AvatarProps) => (
  <AvatarPrimitive.Root className={clsx('inline-flex shrink-0 overflow-hidden rounded-full select-none', sizes[size], className)}>
    {src && <AvatarPrimitive.Image src={src} alt={alt} className="h-full w-full object-cover" />}
    <AvatarPrimitive.Fallback className={clsx('flex h-full w-full items-center justify-center font-semibold', colourFor(name))} delayMs={src ? 300 : 0}>
      {initials(name)}
    </AvatarPrimitive.Fallback>
  </AvatarPrimitive.Root>
);
