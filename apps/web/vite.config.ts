import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { minifySync, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// By path, not @abo/contract/channels: Vite loads this file in Node, which cannot import a
// workspace package's TypeScript by name.
import { CHANNELS, MOBILE_UA } from '../../packages/contract/src/channels.ts';
import { ownRoutes, routeTable } from './src/app/routes.ts';
import { EARLY_REQUESTS } from './src/app/early-requests.ts';
import { EARLY_DATA_ID, EARLY_KEEP_MS, FIRST_PAGE_ID, starterScript } from './src/features/auth/early-exchange.ts';

// A file URL as a module id (POSIX path); node:url is off limits in apps/web.
const filePath = (url: URL) => decodeURIComponent(url.pathname);
const src = filePath(new URL('src/', import.meta.url));

/** Written next to the manifest; apps/bff/src/plugins/web.ts and bench/bundle.ts read it. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
/** Page path (lowercase, as in the route table; '*' for any other path) → files to preload. */
export type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

/**
 * For each page path, the chunks a first visit loads after the shell: the route
 * table, the app frame and the page, with everything they import statically, and their
 * stylesheets. The BFF puts them into index.html as preload links, so they
 * download while the shell does instead of after it has run the router.
 */
function routePreloads(): Plugin {
  return {
    name: 'abo-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId === module) ?? chunks.find((c) => c.moduleIds.includes(module));
        if (!chunk) throw new Error(`route preloads: no chunk holds ${module}`);
        return chunk;
      };
      const closure = (start: OutputChunk[]) => {
        const into = new Set<OutputChunk>();
        const visit = (c: OutputChunk) => {
          if (into.has(c)) return;
          into.add(c);
          for (const f of c.imports) visit(byFile.get(f)!);
        };
        start.forEach(visit);
        return into;
      };
      const shell = closure(chunks.filter((c) => c.isEntry));
      const frame = chunkOf(`${src}app/app-frame.tsx`);
      // The route table, which the router discovers on the first navigation (app/router.tsx).
      const table = chunkOf(`${src}app/route-children.tsx`);
      // The title bar's bell: every page shows it, loaded lazily, and a page the BFF renders for a
      // sign-in (issue #36) shows it before the scripts run, so its styles come with the page's.
      const bell = chunkOf(`${src}features/notifications/components/notification-bell.tsx`);
      const preloadsOf = (page: string) => {
        const needed = [...closure([table, frame, chunkOf(`${src}features/${page}`)])].filter((c) => !shell.has(c));
        const css = new Set([...needed, bell].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
        return { js: needed.map((c) => c.fileName), css: [...css] };
      };
      const out: RoutePreloads = { '*': preloadsOf('system/not-found-page.tsx') };
      for (const route of [...routeTable, ...ownRoutes]) out[route.path] = preloadsOf(route.page);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(out, null, 1)}\n` });
    },
  };
}

/** Written next to the manifest for bench/bundle.ts --why: what each chunk is made of. */
const MODULE_SIZES_FILE = '.vite/module-sizes.json';

/**
 * Per chunk file, the rendered (minified, before gzip) length of each module in it, ids relative
 * to the repository: bench/bundle.ts --why turns them into a first visit's weight by package
 * and source folder.
 */
function moduleSizes(): Plugin {
  const repo = filePath(new URL('../../', import.meta.url));
  return {
    name: 'abo-module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const out: Record<string, Record<string, number>> = {};
      for (const c of Object.values(bundle))
        if (c.type === 'chunk')
          out[c.fileName] = Object.fromEntries(
            Object.entries(c.modules)
              .filter(([, m]) => m.renderedLength > 0)
              .map(([id, m]) => [id.replace(/^\0/, '').replace(repo, ''), m.renderedLength]),
          );
      this.emitFile({ type: 'asset', fileName: MODULE_SIZES_FILE, source: JSON.stringify(out) });
    },
  };
}

/**
 * The global stylesheet (a few KB) goes into index.html itself: the first
 * paint (the page placeholder) waits for no stylesheet request.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'abo-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/front\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') return tag;
          // Vite's dynamic-import helper looks for the entry's stylesheet as a <link> and, not
          // finding one, would fetch it again and hold the first page's chunks until it had
          // loaded: a round trip on the way to the first render. A disabled link is never
          // fetched (nor applied), but the helper counts it as there.
          return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/front/${file}" disabled>`;
        });
      },
    },
  };
}

/** Written next to the manifest; apps/bff/src/plugins/web.ts reads it. */
const EARLY_REQUESTS_FILE = '.vite/early-requests.json';

/**
 * index.html sends a sign-in's token exchange itself, while the shell downloads (issue #36;
 * src/features/auth/early-exchange.ts): the starter's source opens <head>, as an
 * inline script the BFF allows by its hash (apps/bff/src/plugins/web.ts). Not when the BFF is
 * elsewhere (VITE_BFF_BASE_URL…): the starter only sends to the page's own origin, and the app
 * then exchanges the token itself, as before. The pages' first requests (src/app/early-requests.ts)
 * go to EARLY_REQUESTS_FILE: the BFF writes the current page's list into the page it serves,
 * and the starter sends them once the exchange has answered.
 */
function earlyExchange(): Plugin {
  let bffElsewhere = false;
  return {
    name: 'abo-early-exchange',
    configResolved(config) {
      bffElsewhere = Object.entries(config.env).some(([name, value]) => name.startsWith('VITE_BFF_BASE_URL') && !!value);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (bffElsewhere) return html;
        // Right after the charset, which must stay within the document's first 1 024 bytes.
        const charset = /<meta charset="UTF-8"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('early exchange: index.html has no <meta charset="UTF-8">');
        // Minified: every page carries it in its first bytes (3.9 → 2.9 KB, 1.7 → 1.45 KB gzip).
        const source = starterScript({
          channels: CHANNELS,
          mobile: MOBILE_UA.source,
          data: EARLY_DATA_ID,
          first: FIRST_PAGE_ID,
          keepMs: EARLY_KEEP_MS,
        });
        const min = minifySync('starter.js', source, {});
        if (min.errors.length) throw new Error(`early exchange: the starter does not minify: ${min.errors[0]!.message}`);
        const script = min.code.trim().replace(/;$/, '');
        return html.replace(charset, (tag) => `${tag}<script>${script}</script>`);
      },
    },
    generateBundle() {
      if (bffElsewhere) return;
      this.emitFile({ type: 'asset', fileName: EARLY_REQUESTS_FILE, source: `${JSON.stringify(EARLY_REQUESTS, null, 1)}\n` });
    },
  };
}

/** A module of a feature folder (the sign-in guard's excepted: it is in the shell) that is not a page. */
const FEATURE_PART = /apps[\\/]web[\\/]src[\\/]features[\\/](?!auth[\\/])(\w+)[\\/](?!(?:.*[\\/])?[\w-]+-page\.tsx$)/;

/**
 * react-router's package exports only its development build (dev-only warnings and checks
 * included); its production build is the same API without them. Both builds use it.
 */
const productionReactRouter = {
  find: /^react-router$/,
  replacement: filePath(new URL('dist/production/index.mjs', import.meta.resolve('react-router/package.json'))),
};

/**
 * The server render of the first page (issue #36, src/ssr/render-page.tsx), which the BFF runs in a
 * worker thread: one self-contained module (every package bundled, so antd-mobile's stylesheet
 * imports are dropped, not required by Node), into dist/.ssr.
 */
const ssrBuild = defineConfig({
  base: '/front/',
  plugins: [
    react(),
    {
      // antd-mobile renders as it does without a DOM: overlays in place, not through portals (which
      // React cannot render on a server); the thread's jsdom window would make it think it has one.
      name: 'abo-antd-without-dom',
      load: (id) => (/antd-mobile[\\/]es[\\/]utils[\\/]can-use-dom\.js$/.test(id) ? 'export const canUseDom = false;' : null),
    },
  ],
  // React's production build: the render thread runs without NODE_ENV.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { alias: [productionReactRouter] },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/ssr/render-page.tsx',
    // Inside the web build, where WEB_DIST finds it (apps/bff/src/page-render/page-renderer.ts); a
    // dot folder, which the BFF does not serve. After the browser build, which empties dist.
    outDir: 'dist/.ssr',
    emptyOutDir: false,
    target: 'node20',
    sourcemap: false,
    copyPublicDir: false,
    // .mjs: an ES module wherever WEB_DIST is, without a package.json saying so.
    rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'render-page.mjs' } },
  },
});

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        base: '/front/',
        plugins: [react(), routePreloads(), moduleSizes(), inlineEntryCss(), earlyExchange()],
        resolve: { alias: command === 'build' ? [productionReactRouter] : [] },
        build: {
          outDir: 'dist',
          assetsDir: 'assets',
          sourcemap: false,
          target: 'es2022',
          chunkSizeWarningLimit: 400,
          // bench/bundle.ts reads the manifest to tell the shell from route chunks.
          manifest: true,
          // Every browser the app supports has <link rel="modulepreload">; one without it would only
          // lose the preloading, not the page.
          modulePreload: { polyfill: false },
          rolldownOptions: {
            output: {
              // The groups decide which files a page loads, not which runs first: the app frame and the
              // page are two dynamic imports side by side (app/router.tsx), and either may run first. A
              // module whose top level needs something set up imports what sets it up: i18n/index.ts
              // sets i18next up as it loads (when the frame did, issue #34's page paths changed which
              // chunks the pages import, and pages ran first, adding texts before i18next was set up).
              codeSplitting: {
                groups: [
                  {
                    // Issue #36: antd-mobile's overlays (popups, dialogs, modals, toasts) and the slider,
                    // with the animation and gesture libraries under them (@react-spring, @use-gesture),
                    // out of "vendor" into a chunk of their own: no first screen shows one (they open on a
                    // tap, or after a slow call), so only a page that imports one statically, or the tap
                    // that opens one, loads them. Higher priority, so "vendor" does not take them first.
                    name: 'vendor-motion',
                    // With them the helpers only they use: rendering outside React's tree (rc-util and the
                    // Babel helpers under it), the scroll lock, the reduced-motion switch, and our set-up
                    // of that rendering for React 19 (lib/antd-setup.ts), which their callers import.
                    test: /apps[\\/]web[\\/]src[\\/]lib[\\/]antd-setup\.|node_modules[\\/](@react-spring|@use-gesture|rc-util|@babel[\\/]runtime|antd-mobile[\\/]es[\\/](components[\\/](popup|mask|center-popup|dialog|modal|toast|spin-loading|slider|swiper|picker|picker-view|action-sheet|image-viewer|floating-panel|swipe-action|pull-to-refresh|capsule-tabs|jumbo-tabs|tabs|collapse|scroll-mask)[\\/]|utils[\\/](render|unstable-render|render-imperatively|render-to-body|reduce-and-restore-motion|use-lock-scroll|use-touch)\.))/,
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                    priority: 1,
                  },
                  {
                    // The libraries pages share (translations, queries, antd-mobile and its helpers) in
                    // one chunk instead of dozens of small ones: a first visit makes a few requests, not
                    // forty. Modules only one page uses stay with that page.
                    name: 'vendor',
                    // DOMPurify stays out: only the pages that show HTML load it (with SafeHtml).
                    test: /node_modules[\\/](?!(react|react-dom|scheduler|react-router|jwt-decode|dompurify)[\\/])/,
                    minShareCount: 2,
                    // Not what they import in turn: React and the router stay in the shell.
                    includeDependenciesRecursively: false,
                  },
                  {
                    // The plan engine in one chunk: left alone, its modules became chunks of their own,
                    // more requests and more entries in the shell's preload map.
                    name: 'engine',
                    test: /packages[\\/]plan[\\/]/,
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                  },
                  {
                    // @abo/words apart from the engine (issue #36): every page spells figures and dates
                    // (lib/format.ts), but home and the service-fee page run no plan rule, and the engine
                    // chunk weighs 10 KB gzip. One chunk for all of words, not a chunk per module. The
                    // page paths and href (@abo/contract/pages) too: every page links with them, and the
                    // engine imports them, so in the engine's chunk they would bring it to every page.
                    name: 'words',
                    test: /packages[\\/](words[\\/]|contract[\\/]src[\\/]pages\.)/,
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                  },
                  {
                    // Likewise the app's shared components and helpers. The shell's own (the sign-in
                    // guard's) are left out, or the shell would import this chunk; so is SafeHtml,
                    // which would bring DOMPurify to every page, and the popup dialogs' frame, which
                    // only the term and trace popups (loaded on a first tap) use.
                    name: 'app',
                    test: /apps[\\/]web[\\/]src[\\/](components[\\/](?!safe-html\.|dialog[\\/]dialog-popup\.|watchlist[\\/]watch-button\.)|lib[\\/](?!(api-client|storage|channel|credential-params|preload-error|root-font-size|sanitize)\.))/,
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                  },
                  {
                    // A feature's shared parts (API calls, components, translations, the plan engine
                    // its pages use) in one chunk per feature rather than ten small ones: each request
                    // more is a round trip more on a phone over HTTP/1.1. Pages stay chunks of their own.
                    // The market pages' parts apart from the plan pages' (they share little).
                    // The market terms' numbers (market/term-values.ts, 0.3 KB), which the plan pages quote
                    // too, in a chunk of their own: in the market chunk they made the seminar plan's first
                    // visit load all of it (14 KB gzip), in the plan chunk the market pages load that (issue #36).
                    name: (id) =>
                      /[\\/]market[\\/]term-values\./.test(id)
                        ? 'feature-incentive-terms'
                        : `feature-${FEATURE_PART.exec(id)?.[1] ?? 'shared'}${/[\\/]market[\\/]/.test(id) ? '-market' : ''}`,
                    debugName: 'feature parts',
                    test: FEATURE_PART,
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
        server: {
          proxy: {
            '/bff': 'http://localhost:8080',
            '/idp': 'http://localhost:8080',
            '/wechat': 'http://localhost:8080',
          },
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
          css: false,
        },
      },
);
