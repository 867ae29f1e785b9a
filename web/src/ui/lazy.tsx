// A component loaded the first time it is shown (a spinner meanwhile), so that it stays out of the
// app's first download: dialogs and tabs few members open.
import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from './Spinner';

export function lazyWithSpinner<P extends object>(
  load: () => Promise<ComponentType<P>>,
  label: string,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={<Spinner label={label} />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
