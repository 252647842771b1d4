import { formatRoubles } from '../../schema/shared/money';

/**
 * An amount in roubles that never breaks over two lines («12 450 / ₽» at 390 px, issue 29, item 7): the number and
 * its sign stay on one line whatever the width; the row around it wraps instead.
 */
export const Money = ({ value }: { value: number }) => <span className="money">{formatRoubles(value)}</span>;
