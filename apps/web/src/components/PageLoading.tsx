/** PageLoading is the spinner shown while a page's code or data loads; plain CSS (app/base.css), no antd. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="加载中">
      <span className="page-loading-spinner" />
    </div>
  );
}
