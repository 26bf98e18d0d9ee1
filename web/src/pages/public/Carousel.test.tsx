import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Carousel, carouselEdges } from './Carousel';
import { TestimonialsSection } from './sections';

/** jsdom has no layout; give the track real-looking scroll metrics. */
function setMetrics(el: HTMLElement, { clientWidth, scrollWidth }: { clientWidth: number; scrollWidth: number }) {
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
}

function scrollTo(el: HTMLElement, left: number) {
  el.scrollLeft = left;
  fireEvent.scroll(el);
}

describe('carouselEdges', () => {
  it('detects start, middle and end with a small tolerance', () => {
    expect(carouselEdges(0, 400, 1200)).toEqual({ atStart: true, atEnd: false });
    expect(carouselEdges(300, 400, 1200)).toEqual({ atStart: false, atEnd: false });
    expect(carouselEdges(799, 400, 1200)).toEqual({ atStart: false, atEnd: true });
    expect(carouselEdges(0, 400, 400)).toEqual({ atStart: true, atEnd: true });
  });
});

describe('Carousel', () => {
  it('disables previous at the start and next at the end', () => {
    render(
      <Carousel label="Reviews">
        {[1, 2, 3, 4].map((n) => (
          <div key={n}>Card {n}</div>
        ))}
      </Carousel>,
    );
    const track = screen.getByTestId('carousel-track');
    setMetrics(track, { clientWidth: 400, scrollWidth: 1600 });
    scrollTo(track, 0);
    const prev = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();

    scrollTo(track, 600);
    expect(prev).toBeEnabled();
    expect(next).toBeEnabled();

    scrollTo(track, 1200);
    expect(prev).toBeEnabled();
    expect(next).toBeDisabled();
  });

  it('the next button scrolls the track forward', () => {
    render(
      <Carousel label="Reviews">
        <div>Card</div>
      </Carousel>,
    );
    const track = screen.getByTestId('carousel-track');
    setMetrics(track, { clientWidth: 400, scrollWidth: 1600 });
    scrollTo(track, 0);
    // jsdom lacks Element.scrollTo; the component then sets scrollLeft directly.
    (track as unknown as { scrollTo?: unknown }).scrollTo = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(track.scrollLeft).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('renders all 13 testimonials in the home carousel', () => {
    render(
      <MemoryRouter>
        <TestimonialsSection />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Tried, tested, and treasured' })).toBeInTheDocument();
    expect(screen.getByTestId('carousel-track').querySelectorAll('figure')).toHaveLength(13);
  });
});
