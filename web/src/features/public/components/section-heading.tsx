/** A section's heading; `level={1}` where it heads the page (a page needs one level-one heading). */
export const SectionHeading = ({ id, eyebrow, title, text, level = 2 }: { id?: string; eyebrow: string; title: string; text?: string; level?: 1 | 2 }) => {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
      <Heading id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </Heading>
      {text && <p className="mt-4 text-slate-600">{text}</p>}
    </div>
  );
};
