import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile's imperative Toast/Dialog/Modal render through this on React 19,
// or they silently render nothing. Imported by the modules that use
// antd-mobile, so the library stays out of the shell bundle.
unstableSetRender((node, container) => {
  const holder = container as Element & { __root?: Root };
  holder.__root ??= createRoot(container);
  const root = holder.__root;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete holder.__root;
  };
});
