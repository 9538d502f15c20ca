"""Session.request over urllib: the one method sitecustomize.py wraps to send requests to the loopback server."""
import json as _json
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
    def request(self, method, url, headers=None, json=None, data=None, stream=False, **_ignored):
        headers = dict(headers or {})
        body = data
        if json is not None:
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
