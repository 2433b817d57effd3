// Static assets of the IdP sign-in page, kept as strings so the bundled server needs no files.

export const LOGIN_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6f9;color:#1d2129;font:15px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",Roboto,sans-serif}
body.embedded{background:#fff;align-items:flex-start;min-height:0}
.card{width:100%;max-width:380px;background:#fff;border-radius:12px;padding:28px 24px;box-shadow:0 2px 12px rgba(29,33,41,.08)}
.embedded .card{box-shadow:none;max-width:none;padding:4px}
.brand{margin:0;color:#31507a;font-weight:600;letter-spacing:.04em}
h1{margin:4px 0 20px;font-size:22px}
label{display:block;margin:12px 0 6px;color:#4e5969;font-size:14px}
input{width:100%;padding:11px 12px;font-size:16px;border:1px solid #c9cdd4;border-radius:8px}
input:focus{outline:2px solid #31507a;outline-offset:1px;border-color:#31507a}
button{width:100%;margin-top:8px;padding:12px;font-size:16px;color:#fff;background:#31507a;border:0;border-radius:8px;cursor:pointer}
button:disabled{opacity:.6}
.error{min-height:1.5em;margin:10px 0 0;color:#b3261e;font-size:14px}
.hint{margin:16px 0 0;color:#4e5969;font-size:13px}
.lang{margin:8px 0 0;font-size:13px}
a{color:#31507a}
`;

export const LOGIN_JS = `// The sign-in page's script. In iframe mode (the PC /login page embeds this
// page) it fetches the session token and hands it to the parent window with
// postMessage instead of navigating the iframe; elsewhere the form posts.
(function () {
  var form = document.getElementById('login-form');
  if (!form || form.getAttribute('data-display') !== 'iframe' || window.parent === window) return;
  var errorEl = document.getElementById('login-error');
  var staff = form.getAttribute('data-kind') === 'staff';
  var parentOrigin;
  try {
    parentOrigin = new URL(form.elements.redirect_uri.value, window.location.href).origin;
  } catch (e) {
    return; // no address to answer to: the form posts as a page does
  }
  // The parent sizes the frame to the form: its height now, and again whenever it changes (an
  // error line, the width), so the frame has neither a scroll bar nor blank space under the form.
  var card = document.querySelector('main');
  var sent = 0;
  function postSize() {
    var height = Math.ceil(card.getBoundingClientRect().bottom);
    if (height === sent) return;
    sent = height;
    window.parent.postMessage({ type: 'abo-idp:size', data: { height: height } }, parentOrigin);
  }
  postSize();
  if (window.ResizeObserver) new ResizeObserver(postSize).observe(card);
  else window.addEventListener('resize', postSize);
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var button = form.querySelector('button');
    button.disabled = true;
    errorEl.textContent = '';
    var redirectUri = form.elements.redirect_uri.value;
    fetch(staff ? '/idp/okta/session' : '/idp/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': form.elements.lang.value },
      body: JSON.stringify({ username: form.elements.username.value, password: form.elements.password.value }),
    })
      .then(function (r) { return r.json(); })
      .then(function (body) {
        if (!body || body.code !== 0) throw new Error((body && body.message) || 'Sign-in failed');
        window.parent.postMessage({ type: 'abo-idp:signed-in', data: body.data, redirectUri: redirectUri }, parentOrigin);
      })
      .catch(function (err) {
        errorEl.textContent = err.message;
        button.disabled = false;
      });
  });
})();
`;
