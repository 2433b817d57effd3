import { unstableSetRender } from 'antd-mobile';
import { unstableSetRender as setEsRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile's imperative Toast/Dialog/Modal render through this on React 19,
// or they silently render nothing. Imported by (or loaded with) the modules that call them, not
// by every page: it brings rc-util's renderer, which no first screen needs (issue #36).
const render: Parameters<typeof unstableSetRender>[0] = (node, container) => {
  const holder = container as Element & { __root?: Root };
  holder.__root ??= createRoot(container);
  const root = holder.__root;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete holder.__root;
  };
};
unstableSetRender(render);
// The modules loaded on first use (Toast, Dialog) are imported by their path: the same module as the
// package's in a build, but another copy than its CommonJS entry in the unit tests.
setEsRender(render);
