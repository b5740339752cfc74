import { streamedSections } from '../analysis-format.ts';

/** Prose in paragraphs (blank lines split them). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, index) => (
          <p key={index} className="mt-2 leading-relaxed text-slate-700">
            {paragraph}
          </p>
        ))}
    </>
  );
}

/** Text with "## Title" headings (as the analyst streams it), laid out as sections. */
export function SectionedText({ text }: { text: string }) {
  return (
    <>
      {streamedSections(text).map((section, index) => (
        <section key={index} className="mt-4 first:mt-0">
          {section.title && <h4 className="font-semibold text-ink-950">{section.title}</h4>}
          <Paragraphs text={section.text} />
        </section>
      ))}
    </>
  );
}
