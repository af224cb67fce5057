"""A fake OpenAI endpoint on 127.0.0.1 with the Batch API: ``/v1/files`` (upload,
content), ``/v1/batches`` (create, retrieve) and ``/v1/chat/completions``, whose answers
come from one responder (a body -> {"status", "body"} function such as the scripted
models), so that a batch run and a direct run get the same answers.

``plan`` says, for the n-th batch created, what goes wrong: ``expire_after`` k lines run
and the batch expires; ``fail`` the first k lines get a 500 in the error file (once per
line: sent again, they succeed); ``hold`` an event the batch waits for in ``in_progress``;
``reject`` a message with which the whole batch fails.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class BatchServer:
    def __init__(
        self,
        responder: Callable[[dict[str, Any]], dict[str, Any]],
        plan: dict[int, dict[str, Any]] | None = None,
        polls: int = 1,
    ) -> None:
        self.responder = responder
        self.plan = plan or {}
        #: polls a batch answers "in_progress" before it ends
        self.polls = polls
        self.files: dict[str, bytes] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        #: the order batches were created in, and every line each one ran
        self.created: list[str] = []
        self.ran: dict[str, list[str]] = {}
        self.direct: list[dict[str, Any]] = []
        self.failed_once: set[str] = set()
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, payload: Any, raw: bool = False) -> None:
                data = payload if raw else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/octet-stream" if raw
                                 else "application/json")  # fmt: skip
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                path = self.path.split("?")[0]
                if path.startswith("/v1/batches/"):
                    self._send(200, server._poll(path.rsplit("/", 1)[1]))
                elif path.startswith("/v1/files/") and path.endswith("/content"):
                    self._send(200, server.files[path.split("/")[3]], raw=True)
                else:
                    self._send(404, {"error": {"message": f"no route {path}"}})

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                path = self.path.split("?")[0]
                if path == "/v1/files":
                    self._send(200, server._upload(self.headers["Content-Type"], body))
                elif path == "/v1/batches":
                    self._send(200, server._create(json.loads(body)))
                elif path == "/v1/chat/completions":
                    request = json.loads(body)
                    with server._lock:
                        server.direct.append(request)
                    step = server.responder(request)
                    self._send(step.get("status", 200), step.get("body", ""))
                else:
                    self._send(404, {"error": {"message": f"no route {path}"}})

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> BatchServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        for spec in self.plan.values():
            if "hold" in spec:
                spec["hold"].set()
        self.httpd.shutdown()
        self.httpd.server_close()

    # ------------------------------------------------------------------ the API

    def _upload(self, content_type: str, body: bytes) -> dict[str, Any]:
        message = BytesParser(policy=HTTP).parsebytes(
            b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body
        )
        fields = {part.get_param("name", header="content-disposition"): part.get_payload(decode=True)
                  for part in message.iter_parts()}  # fmt: skip
        assert fields["purpose"] == b"batch", fields.get("purpose")
        with self._lock:
            fid = f"file-{len(self.files) + 1}"
            self.files[fid] = fields["file"]
        return {"id": fid, "object": "file", "bytes": len(fields["file"]), "created_at": 0,
                "filename": "batch.jsonl", "purpose": "batch", "status": "processed"}  # fmt: skip

    def _create(self, request: dict[str, Any]) -> dict[str, Any]:
        assert request["endpoint"] == "/v1/chat/completions"
        assert request["input_file_id"] in self.files
        with self._lock:
            bid = f"batch-{len(self.batches) + 1}"
            self.created.append(bid)
            self.batches[bid] = {
                "id": bid, "object": "batch", "endpoint": request["endpoint"],
                "input_file_id": request["input_file_id"],
                "completion_window": request["completion_window"], "created_at": 0,
                "status": "validating", "polls": 0,
                "plan": self.plan.get(len(self.batches) + 1, {}),
            }  # fmt: skip
            return self._public(self.batches[bid])

    @staticmethod
    def _public(b: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in b.items() if k not in ("polls", "plan")}

    def _poll(self, bid: str) -> dict[str, Any]:
        with self._lock:
            b = self.batches[bid]
            b["polls"] += 1
            if b["status"] in ("completed", "expired", "failed", "cancelled"):
                return self._public(b)
            hold = b["plan"].get("hold")
            if b["polls"] <= self.polls or (hold is not None and not hold.is_set()):
                b["status"] = "in_progress"
                return self._public(b)
            self._run(b)
            return self._public(b)

    def _run(self, b: dict[str, Any]) -> None:
        if "reject" in b["plan"]:  # the input file is refused as a whole
            b["status"] = "failed"
            b["errors"] = {
                "object": "list",
                "data": [{"code": "invalid", "message": b["plan"]["reject"]}],
            }
            return
        lines = [json.loads(x) for x in self.files[b["input_file_id"]].decode().splitlines() if x]
        plan = b["plan"]
        cut = plan.get("expire_after")
        out, err = [], []
        for i, line in enumerate(lines):
            if cut is not None and i >= cut:
                break
            cid = line["custom_id"]
            assert line["method"] == "POST" and line["url"] == "/v1/chat/completions"
            self.ran.setdefault(b["id"], []).append(cid)
            if i < plan.get("fail", 0) and cid not in self.failed_once:
                self.failed_once.add(cid)
                err.append({"id": f"r{i}", "custom_id": cid, "error": None, "response": {
                    "status_code": 500, "request_id": f"q{i}",
                    "body": {"error": {"message": "the server had an error", "type": "server_error"}},
                }})  # fmt: skip
                continue
            step = self.responder(line["body"])
            status = step.get("status", 200)
            row = {"id": f"r{i}", "custom_id": cid, "error": None,
                   "response": {"status_code": status, "request_id": f"q{i}",
                                "body": step.get("body")}}  # fmt: skip
            (out if status == 200 else err).append(row)
        # output lines come in no particular order
        for rows, key in ((out[::-1], "output_file_id"), (err, "error_file_id")):
            if rows:
                fid = f"file-{len(self.files) + 1}"
                self.files[fid] = "".join(json.dumps(r) + "\n" for r in rows).encode()
                b[key] = fid
        b["status"] = "expired" if cut is not None and cut < len(lines) else "completed"
        b["request_counts"] = {"total": len(lines), "completed": len(out), "failed": len(err)}
