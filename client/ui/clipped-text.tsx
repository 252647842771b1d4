import { useState, type MouseEvent } from 'react';
import './clipped-text.css';

/**
 * A name that may be longer than a phone is wide (issue 29, item 7): one line cut with «…»; a tap, a click, Enter
 * or Space shows it whole, and again cuts it. A `title` alone is read by no phone. A button, so a keyboard reaches
 * it and a screen reader hears the whole text and whether it is open; it takes no tap meant for a row around it.
 */
export const ClippedText = ({ text }: { text: string }) => {
  const [open, setOpen] = useState(false);
  const toggle = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setOpen((o) => !o);
  };
  return (
    <button type="button" className={open ? 'clipped clipped--open' : 'clipped'} aria-expanded={open} title={text} onClick={toggle}>
      {text}
    </button>
  );
};
