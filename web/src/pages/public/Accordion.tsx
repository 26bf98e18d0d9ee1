import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

interface AccordionProps {
  items: AccordionItem[];
  /** Ids open on first render. Each item toggles on its own. */
  defaultOpen?: string[];
  headingLevel?: 2 | 3 | 4;
}

/**
 * Disclosure accordion following the WAI-ARIA pattern: every header is a button with aria-expanded;
 * Arrow Up/Down, Home and End move focus between headers.
 */
export function Accordion({ items, defaultOpen = [], headingLevel = 3 }: AccordionProps) {
  const [open, setOpen] = useState<Set<string>>(() => new Set(defaultOpen));
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = `h${headingLevel}` as 'h3';

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    let target: number | null = null;
    if (event.key === 'ArrowDown') target = index === last ? 0 : index + 1;
    else if (event.key === 'ArrowUp') target = index === 0 ? last : index - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = last;
    if (target !== null) {
      event.preventDefault();
      buttons.current[target]?.focus();
    }
  };

  return (
    <div className="pub-accordion">
      {items.map((item, index) => {
        const isOpen = open.has(item.id);
        const headerId = `${baseId}-${item.id}-header`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} className={`pub-accordion__item${isOpen ? ' is-open' : ''}`}>
            <Heading className="pub-accordion__heading">
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                type="button"
                id={headerId}
                className="pub-accordion__trigger"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(e) => onKeyDown(e, index)}
              >
                <span>{item.title}</span>
                <span className="pub-accordion__icon" aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={headerId}
              className="pub-accordion__panel"
              hidden={!isOpen}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
