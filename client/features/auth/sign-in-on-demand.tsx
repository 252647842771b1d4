import { lazy, Suspense } from 'react';

const SignInDialog = lazy(() => import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })));

/** The sign-in dialog, fetched when first opened: the first view of the shop does not carry its input masks. */
export const SignInOnDemand = ({ onClose }: { onClose: () => void }) => (
  <Suspense fallback={null}>
    <SignInDialog onClose={onClose} />
  </Suspense>
);
