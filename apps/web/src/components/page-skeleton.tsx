/** What a page shows while its module loads (CSS only: it loads with the app frame). */
export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <div className="skeleton skeleton--title" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="skeleton skeleton--line" />
      ))}
    </div>
  );
}
