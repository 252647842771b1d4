// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { holdEarlyTaps } from './early-taps';

/** A drawn page with two buttons, each counting its presses; `again` draws it anew, as React does after a failed hydration. */
const drawnPage = () => {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const pressed: string[] = [];
  const draw = (labels: string[]) => {
    root.replaceChildren(
      ...labels.map((label) => {
        const b = document.createElement('button');
        b.textContent = label;
        b.addEventListener('click', () => pressed.push(label));
        return b;
      }),
    );
    return [...root.querySelectorAll('button')];
  };
  return { root, pressed, draw };
};

describe('a tap before the page is live', () => {
  it('is held, then pressed once when the page is live, however often it was tapped', () => {
    const { root, pressed, draw } = drawnPage();
    const [, add] = draw(['Избранное', 'В корзину']);
    const release = holdEarlyTaps(root);
    add!.click();
    add!.click();
    expect(pressed).toEqual([]);
    release();
    expect(pressed).toEqual(['В корзину']);
    add!.click();
    expect(pressed).toEqual(['В корзину', 'В корзину']);
  });

  it('reaches the button drawn anew in its place when the page was drawn again before it went live', () => {
    const { root, pressed, draw } = drawnPage();
    const [, add] = draw(['Избранное', 'В корзину']);
    const release = holdEarlyTaps(root);
    add!.click();
    draw(['Избранное', 'В корзину']);
    release();
    expect(pressed).toEqual(['В корзину']);
  });

  it('presses nothing when the page drawn again has another button in that place', () => {
    const { root, pressed, draw } = drawnPage();
    const [, add] = draw(['Избранное', 'В корзину']);
    const release = holdEarlyTaps(root);
    add!.click();
    draw(['Избранное', 'Нет в наличии']);
    release();
    expect(pressed).toEqual([]);
  });
});
