// The coin chart dialog, loaded when first opened: the charting library stays out of the app's first
// download.
import { lazy, Suspense } from 'react';
import type { DialogContentProps } from '../../../app/DialogHost';
import { Spinner } from '../../../ui/Spinner';

const CoinChartDialog = lazy(() =>
  import('./CoinChartDialog').then((module) => ({ default: module.CoinChartDialog })),
);

export function LazyCoinChartDialog(props: DialogContentProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the chart" />}>
      <CoinChartDialog {...props} />
    </Suspense>
  );
}
