"""Lets a generated Python snippet run unmodified against the loopback fake server.

Python imports sitecustomize at start-up when it is on PYTHONPATH. This one makes requests send each request
for one of the origins under test to the loopback server instead, with the origin it was meant for in a header
(the server records it); any other origin is refused. Environment, read at each request (fork-server.py runs
many snippets, each with its own): HUBKIT_LOOPBACK (http://127.0.0.1:port), HUBKIT_LOOPBACK_ORIGINS
(comma-separated).
"""
import os

import requests.sessions

_request = requests.sessions.Session.request


def _loopback_request(self, method, url, *args, **kwargs):
    loopback = os.environ["HUBKIT_LOOPBACK"]
    origins = [o for o in os.environ.get("HUBKIT_LOOPBACK_ORIGINS", "").split(",") if o]
    for origin in origins:
        if url == origin or url.startswith(origin + "/") or url.startswith(origin + "?"):
            headers = dict(kwargs.pop("headers", None) or {})
            headers["x-hubkit-loopback-origin"] = origin
            return _request(self, method, loopback + url[len(origin):], *args, headers=headers, **kwargs)
    raise RuntimeError(f"loopback: {url} is not under an origin under test ({', '.join(origins)})")


requests.sessions.Session.request = _loopback_request
