import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html.tsx';

describe('SafeHtml', () => {
  it('renders allowed markup with the given class', () => {
    const { container } = render(<SafeHtml className="desc" html={'<p>Hello <a href="/front/">home</a></p>'} />);
    const root = container.firstElementChild!;
    expect(root).toHaveClass('desc');
    expect(root.querySelector('a')).toHaveAttribute('href', '/front/');
    expect(root).toHaveTextContent('Hello home');
  });

  it('strips script, handlers and javascript: links before they reach the DOM', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe>'
        }
      />,
    );
    expect(container.querySelector('script, iframe')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
    expect(container.querySelector('a')).not.toHaveAttribute('href');
  });

  it('draws the HTML in a box that contains it, even a style the sanitizer did not know', () => {
    const { container } = render(<SafeHtml html={'<div class="cover">covers?</div>'} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.style.contain).toBe('paint');
    expect(root.style.overflow).toBe('hidden');
    expect(root.style.position).toBe('relative');
    expect(root.style.isolation).toBe('isolate');
  });

  it('drops the styles that would lay the HTML over the app', () => {
    const { container } = render(
      <SafeHtml html={'<div style="position:fixed; inset:0; z-index:99999; transform:scale(9); color:red">x</div>'} />,
    );
    expect(container.firstElementChild!.firstElementChild).toHaveAttribute('style', 'color: red;');
  });

  it('updates when the html changes and renders nothing for empty input', () => {
    const { container, rerender } = render(<SafeHtml html="<p>one</p>" />);
    expect(container).toHaveTextContent('one');
    rerender(<SafeHtml html={null} />);
    expect(container.firstElementChild).toBeEmptyDOMElement();
  });
});
