// JSON-RPC 2.0 over POST /rpc with the token as a Bearer header, and world.watch as a fetch stream of
// server-sent events (EventSource cannot send the header).
let token = '';
let nextId = 1;

export function setToken(t) { token = t; }

export async function call(method, params = {}) {
  const res = await fetch('/rpc', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + token },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const body = await res.json();
  if (body.error) {
    const e = new Error(body.error.message);
    e.status = res.status;
    throw e;
  }
  return body.result;
}

export async function watch(params, onEvent, signal) {
  const res = await fetch('/rpc', {
    method: 'POST', signal,
    headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + token },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'world.watch', params }),
  });
  if (!(res.headers.get('Content-Type') || '').startsWith('text/event-stream')) {
    const body = await res.json();
    const e = new Error(body.error ? body.error.message : 'watch refused');
    e.status = res.status;
    throw e;
  }
  const reader = res.body.getReader();
  const text = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += text.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (block.startsWith('data: ')) onEvent(JSON.parse(block.slice(6)).result);
    }
  }
}
