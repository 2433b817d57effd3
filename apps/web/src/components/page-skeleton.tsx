import { Skeleton } from 'antd-mobile';

/** What a page shows while its module or first data loads. */
export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={5} animated />
    </div>
  );
}
