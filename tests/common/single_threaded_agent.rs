//! A single-threaded HTTP/1.1 A2A agent for the proxy and probe tests: Python's
//! `http.server.HTTPServer` (one connection at a time, keep-alive, waiting on it for the
//! next request), plain or with its listening socket wrapped in TLS. A static 0.3 Agent Card
//! whose `url` is its own origin; `message/send` and `tasks/get` answered with one canned
//! completed Task, any other method MethodNotFound (-32601). Shared by cli_ux40b (probe of a
//! single-threaded agent) and cli_left41 (the proxy's one upstream connection over TLS),
//! which each held a copy (session 41's duplicates D2).
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Stdio};

use super::proxy_process::ChildGuard;

/// The agent's script: `argv[1]`, `argv[2]` (certificate and key, PEM), when given, put it
/// behind TLS. Prints its port.
const SCRIPT: &str = r#"
import json, ssl, sys
from http.server import HTTPServer, BaseHTTPRequestHandler

TLS = len(sys.argv) > 2

class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a):
        pass
    def send(self, obj):
        b = json.dumps(obj).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(b)))
        self.end_headers()
        self.wfile.write(b)
    def do_GET(self):
        port = self.server.server_address[1]
        scheme = "https" if TLS else "http"
        self.send({"name": "single", "description": "one thread", "version": "1.0.0",
            "protocolVersion": "0.3.0", "url": f"{scheme}://127.0.0.1:{port}/",
            "preferredTransport": "JSONRPC", "capabilities": {"streaming": False},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": [{"id": "echo", "name": "echo", "description": "echo", "tags": ["echo"]}]})
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            req = json.loads(body or b"{}")
        except ValueError:
            req = {}
        if not isinstance(req, dict):
            req = {}
        task = {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "completed"}}
        if req.get("method") in ("message/send", "tasks/get"):
            self.send({"jsonrpc": "2.0", "id": req.get("id"), "result": task})
        else:
            self.send({"jsonrpc": "2.0", "id": req.get("id"),
                "error": {"code": -32601, "message": "Method not found"}})

s = HTTPServer(("127.0.0.1", 0), H)
if TLS:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(sys.argv[1], sys.argv[2])
    s.socket = ctx.wrap_socket(s.socket, server_side=True)
print(s.server_address[1], flush=True)
s.serve_forever()
"#;

/// Starts the agent on a loopback port, behind TLS with `tls` (certificate and key PEM
/// files) when given: its process (killed when dropped) and its origin
/// (`http://127.0.0.1:PORT` or `https://...`). Panics (test set-up) without `python3`.
pub fn single_threaded_agent(tls: Option<(&Path, &Path)>) -> (ChildGuard, String) {
    let mut cmd = Command::new("python3");
    cmd.args(["-c", SCRIPT]);
    if let Some((cert, key)) = tls {
        cmd.arg(cert).arg(key);
    }
    let mut child = ChildGuard::spawn(cmd.stdout(Stdio::piped()).stderr(Stdio::null()));
    let mut out = std::io::BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut port = String::new();
    std::io::BufRead::read_line(&mut out, &mut port).expect("the agent prints its port");
    let scheme = if tls.is_some() { "https" } else { "http" };
    (child, format!("{scheme}://127.0.0.1:{}", port.trim()))
}
