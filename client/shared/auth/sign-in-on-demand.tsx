import { lazy, Suspense, type ComponentProps } from 'react';

const SignInDialog = lazy(() => import('./sign-in-dialog').then((m) => ({ default: m.SignInDialog })));

/** The sign-in dialog, fetched when first opened: the first view of the shop does not carry its input masks. */
export const SignInOnDemand = (props: ComponentProps<typeof SignInDialog>) => (
  <Suspense fallback={null}>
    <SignInDialog {...props} />
  </Suspense>
);
