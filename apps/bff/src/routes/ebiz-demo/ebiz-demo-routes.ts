import type { FastifyInstance } from 'fastify';

/**
 * A small stand-in for the ebiz portal: it embeds the app in an iframe and
 * resizes the iframe from the app's postMessage notifications, showing the
 * messages it received (useful for demos and the end-to-end tests).
 */
const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ebiz portal (demo)</title>
<link rel="stylesheet" href="/ebiz-demo/portal.css">
</head>
<body>
<header class="portal-bar"><strong>ebiz</strong> e-commerce portal · <span>demo parent page</span></header>
<div class="portal">
  <nav class="portal-nav" aria-label="Portal">
    <a href="#" data-path="/">首页 Home</a>
    <a href="#" data-path="/incentiveplan">激励计划 Incentives</a>
    <a href="#" data-path="/achievement">业绩 Achievement</a>
    <a href="#" data-path="/income/type">收入 Income</a>
  </nav>
  <main>
    <iframe id="inquiry" title="ABO Inquiry" src="/front/?channel=ebiz" style="height:688px"></iframe>
    <details><summary>Messages from the app</summary><ol id="log"></ol></details>
  </main>
</div>
<script src="/ebiz-demo/portal.js"></script>
</body>
</html>`;

const CSS = `body{margin:0;font:14px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#eceff3;color:#1d2129}
.portal-bar{background:#1d2b3d;color:#fff;padding:12px 20px}
.portal{display:flex;gap:16px;max-width:1400px;margin:16px auto;padding:0 16px}
.portal-nav{display:flex;flex-direction:column;gap:8px;min-width:160px}
.portal-nav a{color:#31507a;background:#fff;padding:8px 12px;border-radius:6px;text-decoration:none}
main{flex:1;min-width:0}
iframe{width:100%;border:0;background:#fff;border-radius:8px;display:block;transition:height .2s}
details{margin-top:12px;color:#4e5969}`;

const JS = `(function () {
  var frame = document.getElementById('inquiry');
  var log = document.getElementById('log');
  window.__ebizMessages = [];
  window.addEventListener('message', function (event) {
    if (event.origin !== window.location.origin || !event.data || typeof event.data.type !== 'string') return;
    window.__ebizMessages.push(event.data);
    var li = document.createElement('li');
    li.textContent = JSON.stringify(event.data);
    log.appendChild(li);
    if (event.data.type === 'abo-inquiry:resize' && event.data.height > 0) frame.style.height = event.data.height + 'px';
    if (event.data.type === 'abo-inquiry:scrollTop') window.scrollTo(0, 0);
  });
  document.querySelectorAll('[data-path]').forEach(function (a) {
    a.addEventListener('click', function (e) {
      e.preventDefault();
      frame.src = '/front' + a.getAttribute('data-path') + '?channel=ebiz';
    });
  });
})();`;

export async function ebizDemoRoutes(app: FastifyInstance): Promise<void> {
  const opts = { config: { public: true } } as const;
  app.get('/ebiz-demo', opts, (_r, reply) => reply.redirect('/ebiz-demo/', 301));
  app.get('/ebiz-demo/', opts, (_r, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE));
  app.get('/ebiz-demo/portal.css', opts, (_r, reply) => reply.type('text/css; charset=utf-8').send(CSS));
  app.get('/ebiz-demo/portal.js', opts, (_r, reply) => reply.type('text/javascript; charset=utf-8').send(JS));
}
