// The media strip (platform spec: 'Trusted by Global Media'): sixteen marks drawn for the product, each an
// SVG with an emblem, named by an invented outlet; no plain text badges.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mediaMarks, MEDIA_STRIP } from '../../content/media';
import { MediaStrip } from './MediaStrip';

describe('media strip', () => {
  it('shows sixteen distinct SVG marks, each with an emblem drawn beside its name', () => {
    render(<MediaStrip items={mediaMarks} gap={MEDIA_STRIP.gap} speed={MEDIA_STRIP.speed} hoverSpeed={MEDIA_STRIP.hoverSpeed} />);
    const strip = screen.getByTestId('media-strip');
    const first = strip.firstElementChild as HTMLElement;
    const marks = within(first).getAllByRole('img');
    expect(marks).toHaveLength(16);
    expect(new Set(marks.map((m) => m.getAttribute('aria-label'))).size).toBe(16);
    for (const m of marks) {
      expect(m.tagName.toLowerCase()).toBe('svg');
      // An emblem: a drawn shape besides the wordmark's text.
      expect(m.querySelector('path, rect, circle, polygon, polyline, ellipse, line')).not.toBeNull();
    }
    const emblems = mediaMarks.map((m) => JSON.stringify(m.emblem.props));
    expect(new Set(emblems).size).toBe(16);
  });
});
