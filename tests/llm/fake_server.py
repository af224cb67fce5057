"""A scripted OpenAI-compatible server on 127.0.0.1 for tests (no network)."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def completion(
    content: str, *, finish: str = "stop", tokens: tuple[int, int] = (10, 5)
) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "fake",
        "choices": [{"index": 0, "finish_reason": finish,
                     "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": tokens[0], "completion_tokens": tokens[1],
                  "total_tokens": sum(tokens)},
    }  # fmt: skip


class FakeServer:
    """Each POST takes the next scripted step: {"status", "body", "headers", "delay"};
    when the script runs out, ``default`` is served."""

    def __init__(
        self, script: list[dict[str, Any]] | None = None, default: dict[str, Any] | None = None
    ):
        self.script = list(script or [])
        self.default = default
        self.requests: list[dict[str, Any]] = []
        #: the request headers, lower-cased names, one dict per request
        self.headers: list[dict[str, str]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with server._lock:
                    server.requests.append(body)
                    server.headers.append({k.lower(): v for k, v in self.headers.items()})
                    step = server.script.pop(0) if server.script else server.default
                    if callable(step):
                        step = step(body)
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    time.sleep(step.get("delay", 0))
                    payload = step.get("body", "")
                    raw = payload if isinstance(payload, str) else json.dumps(payload)
                    self.send_response(step.get("status", 200))
                    for k, v in step.get("headers", {}).items():
                        self.send_header(k, v)
                    self.send_header("Content-Type", step.get("content_type", "application/json"))
                    # "trickle": (seconds between bytes, how many bytes) -- a slow body
                    trickle = step.get("trickle")
                    if trickle is None:
                        self.send_header("Content-Length", str(len(raw.encode())))
                        self.end_headers()
                        self.wfile.write(raw.encode())
                    else:
                        interval, count = trickle
                        self.send_header("Content-Length", str(count))
                        self.end_headers()
                        for _ in range(count):
                            self.wfile.write(b" ")
                            self.wfile.flush()
                            time.sleep(interval)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    with server._lock:
                        server.in_flight -= 1

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        # a short shutdown poll keeps the many server-backed tests fast
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> FakeServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
