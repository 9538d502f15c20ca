"""Session.request over urllib: the one method sitecustomize.py wraps to send requests to the loopback server."""
import json as _json
import uuid
import urllib.error
import urllib.request


class Response:
    def __init__(self, status, headers, body):
        self.status_code = status
        self.headers = headers
        self.content = body
        self.text = body.decode("utf-8", "replace")

    def json(self):
        return _json.loads(self.content)

    def iter_lines(self):
        yield from self.content.splitlines()


class Session:
    def request(self, method, url, headers=None, json=None, data=None, files=None, stream=False, **_ignored):
        headers = dict(headers or {})
        body = data
        if files is not None:
            body, headers["Content-Type"] = _multipart(data or {}, files)
        elif json is not None:
            body = _json.dumps(json).encode("utf-8")
            headers.setdefault("Content-Type", "application/json")
        elif isinstance(data, str):
            body = data.encode("utf-8")
        req = urllib.request.Request(url, data=body, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req) as res:
                return Response(res.status, dict(res.headers), res.read())
        except urllib.error.HTTPError as error:
            return Response(error.code, dict(error.headers), error.read())


def _multipart(fields, files):
    """The body and Content-Type of a form: text fields first, then files given as (filename, file, type)."""
    boundary = uuid.uuid4().hex
    chunks = []
    for name, value in fields.items():
        chunks.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, (filename, file, content_type) in files.items():
        head = f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
        chunks.append(f"{head}Content-Type: {content_type}\r\n\r\n".encode() + file.read() + b"\r\n")
    chunks.append(f"--{boundary}--\r\n".encode())
    return b"".join(chunks), f"multipart/form-data; boundary={boundary}"
