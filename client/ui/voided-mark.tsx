import type { VoidMark } from '../../schema/shared/voids';
import './voided-mark.css';

/** The class of a voided fact's row (a table row, a list item): struck through, still listed and openable. */
export const voidedClass = (mark: VoidMark | undefined): string | undefined => (mark ? 'voided' : undefined);

/**
 * «Сторнировано» beside a voided fact in a list (issue 27, item 6), not struck through itself, with the void's reason
 * on hover and for screen readers; who voided it and when are on the record's screen.
 */
export const VoidedMark = ({ mark }: { mark: VoidMark | undefined }) =>
  mark ? (
    <span className="voided-mark" title={`Причина: ${mark.reason}`}>
      Сторнировано<span className="voided-mark__reason">. Причина: {mark.reason}</span>
    </span>
  ) : null;
