// A small reverse proxy for the MCP conformance suite, which cannot send
// request headers: it forwards every request to TARGET unchanged (Host and
// Origin included, so the server's DNS-rebinding checks still see what the
// suite sent) and adds Authorization: Bearer $ZCP_HTTP_TOKEN.
// Usage: node bearer-proxy.mjs LISTEN_PORT TARGET_HOST:PORT (port 0: any free
// port); it prints "bearer-proxy listening on 127.0.0.1:PORT" on stderr.
import http from 'node:http';

const [port, target] = process.argv.slice(2);
const [targetHost, targetPort] = target.split(':');
const token = process.env.ZCP_HTTP_TOKEN;
if (port === undefined || !targetPort || !token) {
  console.error('usage: ZCP_HTTP_TOKEN=… node bearer-proxy.mjs LISTEN_PORT TARGET_HOST:PORT');
  process.exit(2);
}

const server = http.createServer((req, res) => {
  const headers = { ...req.headers, authorization: `Bearer ${token}` };
  const up = http.request({ host: targetHost, port: targetPort, method: req.method, path: req.url, headers }, (upRes) => {
    res.writeHead(upRes.statusCode, upRes.headers);
    upRes.pipe(res);
  });
  up.on('error', (err) => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`proxy: ${err.message}\n`);
  });
  res.on('close', () => up.destroy());
  req.pipe(up);
});
server.listen(Number(port), '127.0.0.1', () => console.error(`bearer-proxy listening on 127.0.0.1:${server.address().port}`));
