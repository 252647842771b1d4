import { slip, staffSlipIssue } from '../../schema/entities/slip';
import type { WriteRule } from '../records/write-pipeline';

/**
 * An order's assembly act is the server's alone (server/orders/assembly.ts writes it straight to the store): a new act
 * staff write may neither take an assembly's id (`asm-{order}`) nor name an order (`staffSlipIssue`), so the
 * server's assembly is never forestalled. A stored act is a fact, which nothing changes anyway.
 */
const assemblyGuardRule: WriteRule = {
  name: 'assembly acts are the server’s',
  applies: (entity) => entity.type === slip.type,
  judge: async () => ({
    issue: (record, before) => {
      const issue = before ? undefined : staffSlipIssue(record.id, record.data);
      return issue && `${slip.labels.one}: ${issue}`;
    },
  }),
};

export const orderRules: readonly WriteRule[] = [assemblyGuardRule];
