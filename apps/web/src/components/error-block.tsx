import { createErrorBlock, type ErrorBlockStatus } from 'antd-mobile';
import { lazy, Suspense } from 'react';

// antd-mobile's illustrations are about 34 KB of SVG that a page needs only once it has an
// empty or error state to show, so they load then, not with every page. The image box keeps
// its height (antd-mobile's CSS) while they load, so nothing moves.
const Illustration = lazy(async () => {
  const images = await import('antd-mobile/es/components/error-block/images/index.js');
  const byStatus: Record<ErrorBlockStatus, React.ReactNode> = {
    default: images.defaultImage,
    busy: images.busyImage,
    disconnected: images.disconnectedImage,
    empty: images.emptyImage,
  };
  return { default: ({ status }: { status: ErrorBlockStatus }) => byStatus[status] };
});

const image = (status: ErrorBlockStatus) => (
  <Suspense fallback={null}>
    <Illustration status={status} />
  </Suspense>
);

/** antd-mobile's ErrorBlock (same props), its illustrations loaded on first use. */
export const ErrorBlock = createErrorBlock({
  default: image('default'),
  busy: image('busy'),
  disconnected: image('disconnected'),
  empty: image('empty'),
});
