export const SectionHeading = ({ id, eyebrow, title, text }: { id?: string; eyebrow: string; title: string; text?: string }) => (
  <div className="mx-auto max-w-2xl text-center">
    <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
    <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
      {title}
    </h2>
    {text && <p className="mt-4 text-slate-600">{text}</p>}
  </div>
);
